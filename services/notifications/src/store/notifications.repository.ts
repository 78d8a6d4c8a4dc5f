import { Injectable } from '@nestjs/common';
import { Notification } from '@curbside/contracts';
import { DataSource } from 'typeorm';
import { affectedCount } from '@curbside/platform';

/** A stored notification as read for its member. */
export interface NotificationRow {
  id: string;
  type: Notification['type'];
  title: string;
  message: string;
  data: string;
  is_read: boolean;
  created_at: Date;
}

/** A stored notification with its member and its place in the live stream's order (a bigint, as text). */
export interface LiveRow extends NotificationRow {
  user_id: string;
  seq: string;
}

const LIVE_COLUMNS = `n.id, n.seq::text AS seq, n.user_id, n.type, n.title, n.message, n.data, n.is_read, n.created_at`;

/**
 * The notification store as its members read it: every method names the member, and no row of another member is
 * read or changed. A notification held for its plan's timing (`visible_at`, src/delivery) is not there for its
 * member until then. The writes from events are AlertsRepository's.
 */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The member's newest notifications first (all, or the unread only). */
  async newest(userId: string, options: { unreadOnly: boolean; limit: number }): Promise<NotificationRow[]> {
    return this.dataSource.query(
      `SELECT id, type, title, message, data, is_read, created_at FROM notifications.notifications
       WHERE user_id = $1 AND visible_at <= now() ${options.unreadOnly ? 'AND NOT is_read' : ''}
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, options.limit],
    );
  }

  async countUnread(userId: string): Promise<number> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM notifications.notifications WHERE user_id = $1 AND NOT is_read AND visible_at <= now()`,
      [userId],
    );
    return count;
  }

  /** Marks the notification read if it is this member's; false when the member has no such notification. */
  async markRead(userId: string, notificationId: string): Promise<boolean> {
    const affected = await affectedCount(
      this.dataSource,
      `UPDATE notifications.notifications SET is_read = true WHERE id = $1 AND user_id = $2 AND visible_at <= now()`,
      [notificationId, userId],
    );
    return affected > 0;
  }

  /** Marks every unread notification of the member read; answers how many there were. */
  async markAllRead(userId: string): Promise<number> {
    const affected = await affectedCount(
      this.dataSource,
      `UPDATE notifications.notifications SET is_read = true WHERE user_id = $1 AND NOT is_read AND visible_at <= now()`,
      [userId],
    );
    return affected;
  }

  /** The notifications named by (member, id) pairs that are that member's, in stream order; a pair that does not match is skipped. */
  async named(pairs: readonly (readonly [userId: string, id: string])[]): Promise<LiveRow[]> {
    if (pairs.length === 0) return [];
    return this.dataSource.query(
      `SELECT ${LIVE_COLUMNS} FROM notifications.notifications n
       JOIN unnest($1::uuid[], $2::uuid[]) AS wanted (user_id, id) ON n.id = wanted.id AND n.user_id = wanted.user_id
       WHERE n.visible_at <= now()
       ORDER BY n.seq`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
  }

  /** The member's notifications written after stream position `afterSeq`, oldest first, at most `limit`. */
  async after(userId: string, afterSeq: string, limit: number): Promise<LiveRow[]> {
    return this.dataSource.query(
      `SELECT ${LIVE_COLUMNS} FROM notifications.notifications n WHERE n.user_id = $1 AND n.seq > $2 AND n.visible_at <= now() ORDER BY n.seq LIMIT $3`,
      [userId, afterSeq, limit],
    );
  }

  /**
   * Each member's unread count and push switch (`pushDefault` for a member whose settings have not arrived), in
   * the order asked.
   */
  async unreadAndPush(userIds: string[], pushDefault: boolean): Promise<{ user_id: string; count: number; push: boolean }[]> {
    return this.dataSource.query(
      `SELECT u.user_id,
              (SELECT count(*)::int FROM notifications.notifications n WHERE n.user_id = u.user_id AND NOT n.is_read AND n.visible_at <= now()) AS count,
              coalesce((m.flags ->> 'enablePushNotifications')::boolean, $2) AS push
       FROM unnest($1::uuid[]) AS u (user_id) LEFT JOIN notifications.members m ON m.user_id = u.user_id`,
      [userIds, pushDefault],
    );
  }
}
