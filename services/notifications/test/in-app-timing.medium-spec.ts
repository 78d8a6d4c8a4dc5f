import { randomUUID } from 'node:crypto';
import { Calls, EventEnvelope, Events, LIVE_NOTIFICATIONS_TOPIC, LiveNotificationSignal, SubscriptionTier } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { notificationsService } from '../src/notifications.definition';
import { envelope, itemPostedAt, memberOnPlan } from './notification-events';

// Seconds apart enough that the checks made before each plan's time still come before it on a busy machine.
const FREE_DELAY_S = 6;
const BASIC_DELAY_S = 4;
const HERE = { lat: 40.758, lng: -73.9855 };

/**
 * Item alerts show in the app on the plan's timing (DESIGN §6: free 15 minutes after the post, in-app and push;
 * basic 5; premium and pro at once), shortened here to seconds; every other alert, and a wanted post's author's,
 * at once. Held alerts are in no list, count or stream until their time, then the live stream is told once.
 */
describe('in-app timing by plan', () => {
  let sut: ServiceUnderTest;
  let heard: LiveNotificationSignal[] = [];
  let stop: () => void;
  beforeAll(async () => {
    sut = await startServiceUnderTest(notificationsService, {
      ALERT_DELAY_FREE_SECONDS: String(FREE_DELAY_S),
      ALERT_DELAY_BASIC_SECONDS: String(BASIC_DELAY_S),
    });
    stop = await sut.infrastructure.live.subscribe(LIVE_NOTIFICATIONS_TOPIC, (signal) => heard.push(signal as LiveNotificationSignal));
  });
  afterAll(async () => {
    stop?.();
    await sut?.stop();
  });

  const processed = async (id: string) =>
    (await sut.service.runtime.dataSource.query(`SELECT count(*)::int AS n FROM notifications.processed_events WHERE event_id = $1`, [id]))[0].n as number;
  const deliver = async (event: EventEnvelope<unknown>) => {
    await sut.infrastructure.bus.publish(event);
    await waitFor(async () => (await processed(event.id)) >= 1, { what: `${event.subject} applied` });
  };
  const inbox = async (userId: string) => (await sut.call(Calls.notifications.list, { unreadOnly: 'false' }, userId)).map((n) => n.type);
  const unread = async (userId: string) => (await sut.call(Calls.notifications.count, {}, userId)).count;
  const signalled = (userId: string) =>
    heard
      .flatMap((s) => s.entries)
      .filter(([id]) => id === userId)
      .map(([, id]) => id);
  const member = async (tier: SubscriptionTier) => {
    const userId = randomUUID();
    await deliver(memberOnPlan(userId, tier));
    await sut.call(Calls.notifications.reportPosition, { lat: HERE.lat + 0.003, lng: HERE.lng }, userId);
    return userId;
  };
  const posted = () => itemPostedAt(HERE);

  it('shows a new item at once to premium and pro members, 5 minutes’ worth later to basic and 15 to free ones, and tells their streams then', async () => {
    const [free, basic, premium, pro] = [await member('free'), await member('basic'), await member('premium'), await member('pro')];
    heard = [];
    const postedAt = Date.now();
    await deliver(posted());

    expect(await inbox(premium)).toEqual(['new_item_alert']);
    expect(await inbox(pro)).toEqual(['new_item_alert']);
    expect(signalled(premium)).toHaveLength(1);
    for (const held of [free, basic]) {
      expect(await inbox(held)).toEqual([]);
      expect(await unread(held)).toBe(0);
      expect(signalled(held)).toEqual([]);
    }
    // Not even by naming it: the live batch answers only what shows.
    const [freeId] = (await sut.service.runtime.dataSource.query(`SELECT id FROM notifications.notifications WHERE user_id = $1`, [free])).map(
      (r: { id: string }) => r.id,
    );
    const early = await sut.call(Calls.notifications.live, { users: [{ userId: free, ids: [freeId], afterSeq: '0' }] });
    expect(early.users).toEqual([{ userId: free, count: 0, notifications: [] }]);

    await waitFor(async () => signalled(basic).length === 1, { what: 'the basic member’s alert shown', timeoutMs: 10_000 });
    expect(Date.now() - postedAt).toBeGreaterThanOrEqual(BASIC_DELAY_S * 1000 - 100);
    expect(await inbox(basic)).toEqual(['new_item_alert']);
    expect(await inbox(free)).toEqual([]);

    await waitFor(async () => signalled(free).length === 1, { what: 'the free member’s alert shown', timeoutMs: 10_000 });
    expect(Date.now() - postedAt).toBeGreaterThanOrEqual(FREE_DELAY_S * 1000 - 100);
    expect(await inbox(free)).toEqual(['new_item_alert']);
    expect(await unread(free)).toBe(1);
    // Shown now, it is after everything the stream had before: a stream reconnecting from an older cursor gets it.
    const [{ seq: premiumSeq }] = await sut.service.runtime.dataSource.query(`SELECT seq::text AS seq FROM notifications.notifications WHERE user_id = $1`, [
      premium,
    ]);
    const caughtUp = await sut.call(Calls.notifications.live, { users: [{ userId: free, afterSeq: premiumSeq }] });
    expect(caughtUp.users[0].notifications.map((n) => n.id)).toEqual([freeId]);
  });

  it('shows other alerts at once on every plan, and a wanted post’s match to its author at once whatever the plan', async () => {
    const free = await member('free');
    const rank = envelope(Events.rankChanged.subject, { userId: free, from: 'Newbie' as const, to: 'Scout' as const, points: 100, version: 3 });
    await deliver(rank);
    expect(await inbox(free)).toEqual(['ranking_update']);

    const searcher = await member('free');
    const match = (wanted: boolean, userId: string) => ({ userId, savedSearchId: randomUUID(), query: 'armchair', category: null, wanted });
    await deliver(
      envelope(Events.savedSearchMatched.subject, {
        itemId: randomUUID(),
        posterId: randomUUID(),
        title: 'Blue armchair',
        matches: [match(true, free), match(false, searcher)],
      }),
    );
    expect(await inbox(free)).toEqual(['saved_search_match', 'ranking_update']);
    expect(await inbox(searcher)).toEqual([]);
    await waitFor(async () => (await inbox(searcher)).length === 1, { what: 'the saved search’s match shown', timeoutMs: 10_000 });
  });
});
