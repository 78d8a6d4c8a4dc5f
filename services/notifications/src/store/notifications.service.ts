import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_RADIUS,
  DomainError,
  ErrorCode,
  GARAGE_SALE_ALERT_TIERS,
  METERS_PER_MILE,
  EventPayload,
  Events,
  Notification,
  NOTIFICATION_FLAG_DEFAULTS,
  NotificationFlags,
  NotificationListQuery,
  NotificationType,
  Position,
} from '@curbside/contracts';

/** The widest alert radius a member can choose (the settings slider's maximum). */
const MAX_NOTIFICATION_RADIUS_MILES = 10;
import { Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
  /** The switch that must be on for this member (DESIGN: every alert honours its flag); none: always sent. */
  flag?: keyof NotificationFlags;
}

interface Row {
  id: string;
  type: Notification['type'];
  title: string;
  message: string;
  data: string;
  is_read: boolean;
  created_at: Date;
}

/** The notification store: written from events (once per event, recipient and type), read by its owner only. */
@Injectable()
export class NotificationsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the notification unless the member switched its kind off, or the event was applied before. */
  async notify(tx: Transaction & { event: { id: string } }, notification: NewNotification): Promise<boolean> {
    if (notification.flag && !(await this.flagOn(tx, notification.userId, notification.flag))) return false;
    const inserted: unknown[] = await tx.manager.query(
      `INSERT INTO notifications.notifications (id, user_id, type, title, message, data, source_event_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [randomUUID(), notification.userId, notification.type, notification.title, notification.message, JSON.stringify(notification.data ?? {}), tx.event.id],
    );
    return inserted.length > 0;
  }

  async mirrorMember(tx: Transaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET flags = EXCLUDED.flags, radius_miles = EXCLUDED.radius_miles, tier = EXCLUDED.tier, version = EXCLUDED.version
       WHERE members.version < EXCLUDED.version`,
      [user.userId, JSON.stringify(user.notificationFlags), Number(user.notificationRadius) || Number(DEFAULT_NOTIFICATION_RADIUS), user.subscriptionTier, user.version],
    );
  }

  async reportPosition(userId: string, position: Position): Promise<{ success: boolean }> {
    await this.dataSource.query(
      `INSERT INTO notifications.positions (user_id, lat, lng, reported_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET lat = EXCLUDED.lat, lng = EXCLUDED.lng, reported_at = now()`,
      [userId, position.lat, position.lng],
    );
    return { success: true };
  }

  /**
   * A new post's alert to every member whose alert radius holds it: the members are found through the GiST index
   * on their positions (a box of the largest radius, then each member's own), and all rows go in with one
   * INSERT … SELECT. Distances are measured from the item's public (blurred) position, rounded to 0.1 mile.
   */
  async fanOutNewItem(tx: Transaction & { event: { id: string } }, item: EventPayload<typeof Events.itemPosted>): Promise<number> {
    const kind = item.isGarageSale
      ? { type: 'new_item_alert', title: 'Garage Sale Nearby', flag: 'enableGarageSaleAlerts', tiers: GARAGE_SALE_ALERT_TIERS }
      : item.isScoutFind
        ? { type: 'scout_find_alert', title: 'Scout Find Nearby', flag: 'enableScoutFindAlerts', tiers: null }
        : { type: 'new_item_alert', title: 'New Item Nearby', flag: 'enableNewItemAlerts', tiers: null };
    const lat = item.publicLat ?? item.lat;
    const lng = item.publicLng ?? item.lng;
    const [, written]: [unknown, number] = await tx.manager.query(
      `INSERT INTO notifications.notifications (id, user_id, type, title, message, data, source_event_id)
       SELECT gen_random_uuid(), p.user_id, $1, $2,
              format('"%s" was just posted %s mi from you', $3::text, d.miles),
              json_build_object('itemId', $4::uuid, 'distance', d.miles)::text, $5
       FROM notifications.positions p
       LEFT JOIN notifications.members m ON m.user_id = p.user_id
       CROSS JOIN LATERAL (SELECT round((earth_distance(ll_to_earth($6, $7), p.earth_pos) / ${METERS_PER_MILE})::numeric, 1) AS miles) d
       WHERE earth_box(ll_to_earth($6, $7), $8) @> p.earth_pos
         AND earth_distance(ll_to_earth($6, $7), p.earth_pos) <= coalesce(m.radius_miles, ${DEFAULT_NOTIFICATION_RADIUS}) * ${METERS_PER_MILE}
         AND p.user_id <> $9
         AND coalesce((m.flags ->> $10)::boolean, $11)
         AND ($12::text[] IS NULL OR coalesce(m.tier, 'free') = ANY ($12::text[]))
       ON CONFLICT DO NOTHING`,
      [
        kind.type,
        kind.title,
        item.title,
        item.itemId,
        tx.event.id,
        lat,
        lng,
        MAX_NOTIFICATION_RADIUS_MILES * METERS_PER_MILE,
        item.posterId,
        kind.flag,
        NOTIFICATION_FLAG_DEFAULTS[kind.flag as keyof NotificationFlags],
        kind.tiers,
      ],
    );
    return written;
  }

  async list(userId: string, query: NotificationListQuery): Promise<Notification[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT id, type, title, message, data, is_read, created_at FROM notifications.notifications
       WHERE user_id = $1 ${query.unreadOnly === 'true' ? 'AND NOT is_read' : ''}
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, query.limit],
    );
    return rows.map((r) => ({ id: r.id, type: r.type, title: r.title, message: r.message, isRead: r.is_read, createdAt: r.created_at.toISOString(), data: r.data }));
  }

  async count(userId: string): Promise<{ count: number }> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM notifications.notifications WHERE user_id = $1 AND NOT is_read`,
      [userId],
    );
    return { count };
  }

  /** Only the owner can; somebody else's notification is "not found", like one that does not exist. */
  async markRead(notificationId: string, userId: string): Promise<{ success: boolean }> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications.notifications SET is_read = true WHERE id = $1 AND user_id = $2`,
      [notificationId, userId],
    );
    if (affected === 0) throw new DomainError(ErrorCode.NOT_FOUND, 'Notification not found');
    return { success: true };
  }

  async readAll(userId: string): Promise<{ success: boolean; count: number }> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications.notifications SET is_read = true WHERE user_id = $1 AND NOT is_read`,
      [userId],
    );
    return { success: true, count: affected };
  }

  private async flagOn(tx: Transaction, userId: string, flag: keyof NotificationFlags): Promise<boolean> {
    const [row]: { flags: Partial<NotificationFlags> }[] = await tx.manager.query(`SELECT flags FROM notifications.members WHERE user_id = $1`, [userId]);
    return row?.flags?.[flag] ?? NOTIFICATION_FLAG_DEFAULTS[flag];
  }
}
