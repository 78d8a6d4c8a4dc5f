import { randomUUID } from 'node:crypto';
import { Calls, EventEnvelope, LIVE_NOTIFICATIONS_TOPIC, LiveNotificationSignal } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { DeliveryService } from '../src/delivery/delivery.service';
import { notificationsService } from '../src/notifications.definition';
import { itemPostedAt, memberOnPlan } from './notification-events';

const FREE_DELAY_S = 3;
const HERE = { lat: 40.758, lng: -73.9855 };

/**
 * Delivery jobs are kept in the database from the write until they have run: a job the queue lost (here the embedded
 * app's in-memory queue at a restart) is queued again, so a held alert still reaches the member's open streams at
 * its time; a job lost too often is given up on.
 */
describe('kept delivery jobs', () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(notificationsService, { ALERT_DELAY_FREE_SECONDS: String(FREE_DELAY_S) });
  });
  afterAll(async () => {
    await sut?.stop();
  });

  const db = () => sut.service.runtime.dataSource;
  const publish = async (event: EventEnvelope<unknown>) => {
    await sut.infrastructure.bus.publish(event);
    await waitFor(async () => (await db().query(`SELECT 1 FROM notifications.processed_events WHERE event_id = $1`, [event.id])).length > 0, {
      what: `${event.subject} applied`,
    });
  };
  const freeMember = async () => {
    const userId = randomUUID();
    await publish(memberOnPlan(userId, 'free'));
    await sut.call(Calls.notifications.reportPosition, { lat: HERE.lat + 0.003, lng: HERE.lng }, userId);
    return userId;
  };
  const keptJobs = async (userId: string) =>
    (
      await db().query(
        `SELECT j.id, j.requeues FROM notifications.delivery_jobs j
         WHERE EXISTS (SELECT 1 FROM notifications.notifications n WHERE n.id = ANY (j.ids) AND n.user_id = $1)`,
        [userId],
      )
    ).length as number;

  it('shows a held alert in the member’s stream at its time though the app restarted while it waited, and forgets the job once it ran', async () => {
    const free = await freeMember();
    const postedAt = Date.now();
    await publish(itemPostedAt(HERE));
    expect(await keptJobs(free)).toBe(1);

    // The in-memory queue and its waiting job are gone; the new instance queues the kept job again at start.
    await sut.restart();
    const heard: LiveNotificationSignal[] = [];
    const unsubscribe = await sut.infrastructure.live.subscribe(LIVE_NOTIFICATIONS_TOPIC, (signal) => heard.push(signal as LiveNotificationSignal));
    try {
      const shown = () => heard.flatMap((s) => s.entries).filter(([userId]) => userId === free);
      await waitFor(async () => shown().length === 1, { what: 'the held alert shown after the restart', timeoutMs: 15_000 });
      expect(Date.now() - postedAt).toBeGreaterThanOrEqual(FREE_DELAY_S * 1000 - 100);
      expect((await sut.call(Calls.notifications.list, { unreadOnly: 'true' }, free)).map((n) => n.type)).toEqual(['new_item_alert']);
      await waitFor(async () => (await keptJobs(free)) === 0, { what: 'the kept job forgotten once it ran' });
      const [{ n }] = await db().query(
        `SELECT count(*)::int AS n FROM notifications.deliveries d JOIN notifications.notifications x ON x.id = d.notification_id
         WHERE x.user_id = $1 AND d.channel = 'app'`,
        [free],
      );
      expect(n).toBe(1);
    } finally {
      unsubscribe();
    }
  });

  it('queues an overdue job again and counts it; one lost too often is given up on and its alert stays in the app', async () => {
    const free = await freeMember();
    await publish(itemPostedAt(HERE));
    const [{ id: notificationId }] = await db().query(`SELECT id FROM notifications.notifications WHERE user_id = $1`, [free]);
    // A job of its own, due in five minutes (so the queue does not run it while the test looks), seen from ten
    // minutes on: overdue by minutes, a lost one.
    const id = `deliver-${notificationId}-lost`;
    await db().query(`INSERT INTO notifications.delivery_jobs (id, ids, due_at, requeues) VALUES ($1, $2::uuid[], now() + interval '5 minutes', 9)`, [
      id,
      [notificationId],
    ]);
    const delivery = sut.service.app.get(DeliveryService);
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await delivery.queueKeptJobs(later)).toBeGreaterThanOrEqual(1);
    expect(await db().query(`SELECT requeues FROM notifications.delivery_jobs WHERE id = $1`, [id])).toEqual([{ requeues: 10 }]);

    await delivery.queueKeptJobs(later);
    expect(await db().query(`SELECT 1 FROM notifications.delivery_jobs WHERE id = $1`, [id])).toEqual([]);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM notifications.notifications WHERE user_id = $1`, [free]);
    expect(n).toBe(1);
  });
});
