import { Injectable } from '@nestjs/common';
import { NotificationType, PUSH_SUBSCRIPTIONS_PER_MEMBER, SubscriptionTier } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { affectedCount } from '@curbside/platform';
import { Channel } from './delivery-rules';

/** A notification due to leave the app, with what its member's settings say now. */
export interface DueRow {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: string;
  is_read: boolean;
  tier: SubscriptionTier;
  flags: Record<string, boolean> | null;
  quiet_hours: string | null;
  lat: number | null;
  lng: number | null;
  /** When it shows in the app and may leave it. */
  visible_at: Date;
  /** Written before it showed: the live stream is told when it shows. */
  held: boolean;
  /** The member has a browser subscribed to pushes (none: there is no push to send nor to record). */
  has_push: boolean;
}

/** Where a notification went: shown in the app later than written ('app', once), or a channel beyond it. */
export type DeliveryChannel = Channel | 'app';

/** An alert a free member's digest may list. */
export interface DigestAlert {
  id: string;
  title: string;
  message: string;
  item_id: string | null;
}

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A delivery job as kept in the database until it has run (delivery_jobs). */
export interface DeliveryJobRow {
  id: string;
  ids: string[];
  due_at: Date;
}

/** Delivery's tables: browsers subscribed to pushes, and what went out on which channel (once each). */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The notifications named, with their members' newest settings and last position (for their time zone). */
  due(ids: string[]): Promise<DueRow[]> {
    return this.dataSource.query(
      `SELECT n.id, n.user_id, n.type, n.title, n.message, n.data, n.is_read, coalesce(m.tier, 'free') AS tier, m.flags, m.quiet_hours, p.lat, p.lng,
              n.visible_at, n.visible_at > n.created_at AS held,
              EXISTS (SELECT 1 FROM notifications.push_subscriptions s WHERE s.user_id = n.user_id) AS has_push
       FROM notifications.notifications n
       LEFT JOIN notifications.members m ON m.user_id = n.user_id
       LEFT JOIN notifications.positions p ON p.user_id = n.user_id
       WHERE n.id = ANY ($1::uuid[])`,
      [ids],
    );
  }

  /** Keeps the write's delivery jobs in its transaction; a job kept already (the same write scheduled again) stays as it is. */
  async keepJobs(manager: EntityManager, jobs: { id: string; ids: string[]; dueAt: number }[]): Promise<void> {
    // Every job's ids in one array, each job a slice of it: one parameter however many jobs a post makes.
    const firsts: number[] = [];
    const lasts: number[] = [];
    let next = 1;
    for (const job of jobs) {
      firsts.push(next);
      next += job.ids.length;
      lasts.push(next - 1);
    }
    await manager.query(
      `INSERT INTO notifications.delivery_jobs (id, ids, due_at)
       SELECT j.id, ($2::uuid[])[j.first:j.last], to_timestamp(j.due / 1000)
       FROM unnest($1::text[], $3::int[], $4::int[], $5::float8[]) AS j(id, first, last, due)
       ON CONFLICT (id) DO NOTHING`,
      [jobs.map((j) => j.id), jobs.flatMap((j) => j.ids), firsts, lasts, jobs.map((j) => j.dueAt)],
    );
  }

  /** The job has run: only `remaining` (notifications it found early) are left for it, at `dueAt`; none, and it is gone. */
  async jobRan(id: string, remaining: { ids: string[]; dueAt: number } | null): Promise<void> {
    if (remaining) {
      await this.dataSource.query(`UPDATE notifications.delivery_jobs SET ids = $2::uuid[], due_at = to_timestamp($3::float8 / 1000) WHERE id = $1`, [
        id,
        remaining.ids,
        remaining.dueAt,
      ]);
    } else await this.dataSource.query(`DELETE FROM notifications.delivery_jobs WHERE id = $1`, [id]);
  }

  /**
   * Kept jobs due before `before`, oldest first, at most `limit`; those overdue since `lostSince` count one more
   * requeue, and a job requeued `maxRequeues` times already is dropped and answered apart (it fails every time it runs).
   */
  async jobsToQueue(before: Date, lostSince: Date, limit: number, maxRequeues: number): Promise<{ queue: DeliveryJobRow[]; dropped: DeliveryJobRow[] }> {
    return this.dataSource.transaction(async (manager) => {
      const rows: (DeliveryJobRow & { requeues: number })[] = await manager.query(
        `SELECT id, ids, due_at, requeues FROM notifications.delivery_jobs WHERE due_at < $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [before.toISOString(), limit],
      );
      const lost = rows.filter((r) => r.due_at < lostSince);
      const dropped = lost.filter((r) => r.requeues >= maxRequeues);
      if (dropped.length > 0) await manager.query(`DELETE FROM notifications.delivery_jobs WHERE id = ANY ($1::text[])`, [dropped.map((r) => r.id)]);
      const counted = lost.filter((r) => r.requeues < maxRequeues);
      if (counted.length > 0)
        await manager.query(`UPDATE notifications.delivery_jobs SET requeues = requeues + 1 WHERE id = ANY ($1::text[])`, [counted.map((r) => r.id)]);
      const droppedIds = new Set(dropped.map((r) => r.id));
      return { queue: rows.filter((r) => !droppedIds.has(r.id)), dropped };
    });
  }

  /** Records each (notification, channel) not sent yet and answers those: the caller sends exactly these. */
  async claim(manager: EntityManager, sends: { notificationId: string; userId: string; channel: DeliveryChannel }[]): Promise<Set<string>> {
    if (sends.length === 0) return new Set();
    const rows: { notification_id: string; channel: DeliveryChannel }[] = await manager.query(
      `WITH forgotten AS (DELETE FROM notifications.deliveries WHERE sent_at < now() - interval '30 days')
       INSERT INTO notifications.deliveries (notification_id, channel, user_id)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[]) ON CONFLICT DO NOTHING RETURNING notification_id, channel`,
      [sends.map((s) => s.notificationId), sends.map((s) => s.channel), sends.map((s) => s.userId)],
    );
    return new Set(rows.map((r) => claimKey(r.notification_id, r.channel)));
  }

  /** Puts notifications that show only now at the end of the live stream's order (their cursor grows). */
  async reorder(manager: EntityManager, ids: string[]): Promise<void> {
    await manager.query(`UPDATE notifications.notifications SET seq = DEFAULT WHERE id = ANY ($1::uuid[])`, [ids]);
  }

  /**
   * The member's alerts that showed in the `lookbackHours` before `now`, are still unread and no mail (single or digest)
   * carried yet, newest first. Counted from when an alert showed, not when it was written: a free member's alert
   * written just before one digest and shown after it is the next digest's.
   */
  notMailed(manager: EntityManager, userId: string, now: Date, lookbackHours: number): Promise<DigestAlert[]> {
    return manager.query(
      `SELECT n.id, n.title, n.message, n.data::jsonb ->> 'itemId' AS item_id FROM notifications.notifications n
       WHERE n.user_id = $1 AND n.visible_at > $2::timestamptz - make_interval(hours => $3) AND n.visible_at <= $2 AND NOT n.is_read
         AND NOT EXISTS (SELECT 1 FROM notifications.deliveries d WHERE d.notification_id = n.id AND d.channel = 'email')
       ORDER BY n.visible_at DESC, n.id`,
      [userId, now.toISOString(), lookbackHours],
    );
  }

  subscriptionsOf(userIds: string[]): Promise<PushSubscriptionRow[]> {
    return this.dataSource.query(`SELECT id, user_id, endpoint, p256dh, auth FROM notifications.push_subscriptions WHERE user_id = ANY ($1::uuid[])`, [
      userIds,
    ]);
  }

  /**
   * Keeps the browser's subscription for the member and the session it was made in (the same endpoint again: the
   * same id, now this member's and session's; a browser belongs to whoever subscribed it last) and forgets their
   * oldest beyond PUSH_SUBSCRIPTIONS_PER_MEMBER.
   */
  async subscribe(userId: string, subscription: { id: string; endpoint: string; p256dh: string; auth: string; sessionRef: string }): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const [{ id }]: { id: string }[] = await manager.query(
        `INSERT INTO notifications.push_subscriptions (id, user_id, endpoint, p256dh, auth, session_ref) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
           session_ref = EXCLUDED.session_ref, created_at = now()
         RETURNING id`,
        [subscription.id, userId, subscription.endpoint, subscription.p256dh, subscription.auth, subscription.sessionRef],
      );
      await manager.query(
        `DELETE FROM notifications.push_subscriptions WHERE id IN (
           SELECT id FROM notifications.push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id OFFSET $2)`,
        [userId, PUSH_SUBSCRIPTIONS_PER_MEMBER],
      );
      return id;
    });
  }

  /** Only the member's own; false when they have no such subscription. */
  async unsubscribe(userId: string, id: string): Promise<boolean> {
    const affected = await affectedCount(this.dataSource, `DELETE FROM notifications.push_subscriptions WHERE id = $1 AND user_id = $2`, [id, userId]);
    return affected > 0;
  }

  /** The member's subscriptions made in these sessions, which ended: forgotten. */
  async forgetSessions(manager: EntityManager, userId: string, sessionRefs: string[]): Promise<void> {
    await manager.query(`DELETE FROM notifications.push_subscriptions WHERE user_id = $1 AND session_ref = ANY ($2::text[])`, [userId, sessionRefs]);
  }

  /** A push service said the subscription is gone (404/410). */
  async forget(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM notifications.push_subscriptions WHERE id = $1`, [id]);
  }
}

export const claimKey = (notificationId: string, channel: DeliveryChannel) => `${notificationId}:${channel}`;
