import { randomUUID } from 'node:crypto';
import { Events } from '@curbside/contracts';
import { sessionRefOfToken } from '@curbside/platform';
import { PushReceiver, ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { DueRow } from '../src/delivery/deliveries.repository';
import { DeliveryService } from '../src/delivery/delivery.service';
import { PushService } from '../src/delivery/push.service';
import { CONNECTIONS_PER_PUSH_SERVICE } from '../src/delivery/push-sender';
import { notificationsService } from '../src/notifications.definition';
import { envelope } from './notification-events';

/**
 * Pushes as a post's fan-out sends them (PushService.pushAll), to a push service of the test's own on loopback that
 * decrypts every push and checks its VAPID token: each browser gets its push once, over a bounded set of kept-alive
 * connections, and a browser the push service says is gone is forgotten.
 */
describe(PushService.name, () => {
  let receiver: PushReceiver;
  let sut: ServiceUnderTest;
  let push: PushService;
  beforeAll(async () => {
    receiver = await PushReceiver.start();
    sut = await startServiceUnderTest(notificationsService, { PUSH_SERVICE_HOSTS: receiver.origin });
    push = sut.service.app.get(PushService);
  });
  afterAll(async () => {
    await sut?.stop();
    await receiver?.close();
  });

  /** `count` members, each with one subscribed browser named `<tag>-<n>`, and a due alert for each. */
  const browsers = async (tag: string, count: number): Promise<DueRow[]> => {
    const rows: DueRow[] = [];
    for (let n = 0; n < count; n++) {
      const userId = randomUUID();
      const { endpoint, keys } = receiver.subscription(`${tag}-${n}`);
      await push.subscribe(userId, { endpoint, keys, sessionRef: sessionRefOfToken(randomUUID()) });
      rows.push({
        id: randomUUID(),
        user_id: userId,
        type: 'new_item_alert',
        title: 'New Item Nearby',
        message: `"Oak desk" was just posted 0.${n % 10} mi from you`,
        data: JSON.stringify({ itemId: randomUUID() }),
        is_read: false,
        tier: 'premium',
        flags: null,
        quiet_hours: 'off',
        lat: null,
        lng: null,
        visible_at: new Date(),
        held: false,
        has_push: true,
      });
    }
    return rows;
  };

  it(`pushes each of a post's browsers once, decrypted as sent, over at most ${CONNECTIONS_PER_PUSH_SERVICE} kept-alive connections reused by the next post`, async () => {
    const first = await browsers('first', 300);
    expect(await push.pushAll(first)).toEqual(first.map(() => 'sent'));
    const names = receiver.received.filter((p) => p.name.startsWith('first-')).map((p) => p.name);
    expect(names).toHaveLength(300);
    expect(new Set(names).size).toBe(300);
    const pushed = receiver.to('first-7')[0];
    expect(pushed.payload).toMatchObject({
      type: 'new_item_alert',
      message: first[7].message,
      notificationId: first[7].id,
      url: `/items/${JSON.parse(first[7].data).itemId}`,
    });
    const opened = receiver.connections;
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(CONNECTIONS_PER_PUSH_SERVICE);

    const second = await browsers('second', 100);
    expect(await push.pushAll(second)).toEqual(second.map(() => 'sent'));
    expect(receiver.received.filter((p) => p.name.startsWith('second-'))).toHaveLength(100);
    expect(receiver.connections).toBe(opened);
    expect(receiver.refused).toEqual([]);
  });

  it('pushes a due alert to the member with a browser once however often its job runs, and records no push for a member without one', async () => {
    const db = sut.service.runtime.dataSource;
    const [withBrowser] = await browsers('due', 1);
    const withoutBrowser = randomUUID();
    const event = randomUUID();
    const ids: { id: string; user_id: string }[] = await db.query(
      `INSERT INTO notifications.notifications (id, user_id, type, title, message, data, source_event_id)
       SELECT gen_random_uuid(), u, 'new_item_alert', 'New Item Nearby', '"Oak desk" was just posted 0.3 mi from you', '{}', $2 FROM unnest($1::uuid[]) u
       RETURNING id, user_id`,
      [[withBrowser.user_id, withoutBrowser], event],
    );
    await db.query(
      `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version, quiet_hours) SELECT u, $2, 2, 'premium', 1, 'off' FROM unnest($1::uuid[]) u`,
      [
        ids.map((r) => r.user_id),
        // Pushes only: e-mail and texts have their own switches.
        JSON.stringify({ enableEmailNotifications: false, enableSmsNotifications: false }),
      ],
    );
    const delivery = sut.service.app.get(DeliveryService);
    await delivery.deliver(ids.map((r) => r.id));
    await delivery.deliver(ids.map((r) => r.id));
    expect(receiver.to('due-0')).toHaveLength(1);
    const recorded: { user_id: string; channel: string }[] = await db.query(
      `SELECT user_id, channel FROM notifications.deliveries WHERE notification_id = ANY ($1::uuid[])`,
      [ids.map((r) => r.id)],
    );
    expect(recorded).toEqual([{ user_id: withBrowser.user_id, channel: 'push' }]);
  });

  it('forgets a browser the push service says is gone, and still pushes the others', async () => {
    const rows = await browsers('gone', 3);
    receiver.goneFor('gone-1');
    expect(await push.pushAll(rows)).toEqual(['sent', 'gone', 'sent']);
    const left: { user_id: string }[] = await sut.service.runtime.dataSource.query(
      `SELECT user_id FROM notifications.push_subscriptions WHERE user_id = ANY ($1::uuid[])`,
      [rows.map((r) => r.user_id)],
    );
    expect(left.map((r) => r.user_id).sort()).toEqual([rows[0].user_id, rows[2].user_id].sort());
  });

  it('forgets the browsers subscribed in sessions that ended (user.sessions-ended), only the member’s own, and keeps the others', async () => {
    const [member, stranger] = [randomUUID(), randomUUID()];
    const [lostPhone, laptop, strangers] = [randomUUID(), randomUUID(), randomUUID()];
    await push.subscribe(member, { ...receiver.subscription('ended-phone'), sessionRef: sessionRefOfToken(lostPhone) });
    await push.subscribe(member, { ...receiver.subscription('ended-laptop'), sessionRef: sessionRefOfToken(laptop) });
    await push.subscribe(stranger, { ...receiver.subscription('ended-stranger'), sessionRef: sessionRefOfToken(strangers) });
    const endpoints = async (userId: string) =>
      (await sut.service.runtime.dataSource.query(`SELECT endpoint FROM notifications.push_subscriptions WHERE user_id = $1`, [userId])).map(
        (r: { endpoint: string }) => r.endpoint.split('/').pop(),
      );
    // "Other devices" from the laptop ends the phone's session; an event naming the stranger's session under this member changes nothing of theirs.
    const ended = envelope(Events.sessionsEnded.subject, { userId: member, sessionRefs: [sessionRefOfToken(lostPhone), sessionRefOfToken(strangers)] });
    await sut.infrastructure.bus.publish(ended);
    await waitFor(async () => (await endpoints(member)).length === 1, { what: 'the ended session’s browser forgotten' });
    expect(await endpoints(member)).toEqual(['ended-laptop']);
    expect(await endpoints(stranger)).toEqual(['ended-stranger']);
  });
});
