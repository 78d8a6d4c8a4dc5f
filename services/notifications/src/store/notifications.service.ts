import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_RADIUS,
  DomainError,
  EventPayload,
  Events,
  GARAGE_SALE_ALERT_TIERS,
  LIVE_NOTIFICATIONS_TOPIC,
  LIVE_SIGNAL_BATCH,
  LiveBatchAnswer,
  LiveBatchCall,
  LiveNotification,
  LiveNotificationSignal,
  Notification,
  NOTIFICATION_FLAG_DEFAULTS,
  NotificationError,
  NotificationFlags,
  NotificationListQuery,
  NotificationType,
  Position,
} from '@curbside/contracts';

import { LIVE_CHANNEL, LiveChannel, Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { AlertsRepository, WrittenRow } from './alerts.repository';

/** A reconnecting stream catches up on at most this many notifications (the panel shows 50). */
const LIVE_CATCH_UP = 50;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
  /** The switch that must be on for this member (every alert honours its switch); none: always sent. */
  flag?: keyof NotificationFlags;
}

/** An alert to every member around a spot whose own radius holds it (new posts, voting prompts). */
export interface NearbyAlert {
  type: NotificationType;
  title: string;
  /** A format() template: %1$s is the item's title, %2$s the distance in miles. */
  messageTemplate: string;
  itemId: string;
  itemTitle: string;
  lat: number;
  lng: number;
  flag: keyof NotificationFlags;
  /** Only members of these plans (garage-sale alerts); null: everybody. */
  tiers: readonly string[] | null;
  /** Never the poster, nor the neighbour whose act caused the alert. */
  excludeUserIds: string[];
}

/** The transaction of the event being applied: its id and time decide the alerts it writes. */
type EventTransaction = Transaction & { event: { id: string; occurredAt: string } };

/** Longest text we send: two SMS segments. */
const SMS_TEXT_MAX = 320;

interface Row {
  id: string;
  seq?: string;
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
  constructor(
    private readonly dataSource: DataSource,
    @Inject(LIVE_CHANNEL) private readonly live: LiveChannel,
    private readonly alerts: AlertsRepository,
  ) {}

  /**
   * Writes the notification unless the member had switched its kind off when the event happened, or the event was
   * applied before. It is kept all the same: settings from before the event that arrive after it decide again.
   */
  async notify(tx: EventTransaction, notification: NewNotification): Promise<boolean> {
    await this.alerts.recordPersonal(tx, {
      sourceEventId: tx.event.id,
      userId: notification.userId,
      type: notification.type,
      title: notification.title,
      message: notification.message,
      data: notification.data ?? {},
      flag: notification.flag ?? null,
      occurredAt: tx.event.occurredAt,
    });
    const written = await this.alerts.writePersonal(tx, { eventId: tx.event.id });
    this.written(tx, written);
    return written.length > 0;
  }

  /**
   * user.created / user.updated: the newest version is what texts and live streams go by; every version is kept
   * with when it took effect, and the alerts from then on are decided again by it (written, or taken back).
   */
  async mirrorMember(tx: EventTransaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    const radiusMiles = Number(user.notificationRadius) || Number(DEFAULT_NOTIFICATION_RADIUS);
    await tx.manager.query(
      `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET flags = EXCLUDED.flags, radius_miles = EXCLUDED.radius_miles, tier = EXCLUDED.tier, version = EXCLUDED.version
       WHERE members.version < EXCLUDED.version`,
      [user.userId, JSON.stringify(user.notificationFlags), radiusMiles, user.subscriptionTier, user.version],
    );
    const since = tx.event.occurredAt;
    await this.alerts.recordMemberVersion(tx, { userId: user.userId, version: user.version, occurredAt: since, flags: user.notificationFlags, radiusMiles, tier: user.subscriptionTier });
    if ((await this.alerts.retract(tx, user.userId, since)) > 0) tx.afterCommit(() => this.signal([[user.userId, null]]));
    this.written(tx, [...(await this.alerts.writePersonal(tx, { userId: user.userId, since })), ...(await this.alerts.writeNearby(tx, { userId: user.userId, since }))]);
  }

  async reportPosition(userId: string, position: Position): Promise<{ success: boolean }> {
    await this.dataSource.query(
      `INSERT INTO notifications.positions (user_id, lat, lng, reported_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET lat = EXCLUDED.lat, lng = EXCLUDED.lng, reported_at = now()`,
      [userId, position.lat, position.lng],
    );
    return { success: true };
  }

  /** A new post's alert (new item, scout find, or garage sale for the plans that get those) to the members around it. */
  fanOutNewItem(tx: EventTransaction, item: EventPayload<typeof Events.itemPosted>): Promise<number> {
    const kind = item.isGarageSale
      ? { type: 'new_item_alert', title: 'Garage Sale Nearby', flag: 'enableGarageSaleAlerts', tiers: GARAGE_SALE_ALERT_TIERS }
      : item.isScoutFind
        ? { type: 'scout_find_alert', title: 'Scout Find Nearby', flag: 'enableScoutFindAlerts', tiers: null }
        : { type: 'new_item_alert', title: 'New Item Nearby', flag: 'enableNewItemAlerts', tiers: null };
    return this.fanOutNearby(tx, {
      ...(kind as Pick<NearbyAlert, 'type' | 'title' | 'flag' | 'tiers'>),
      messageTemplate: '"%1$s" was just posted %2$s mi from you',
      itemId: item.itemId,
      itemTitle: item.title,
      lat: item.publicLat ?? item.lat,
      lng: item.publicLng ?? item.lng,
      excludeUserIds: [item.posterId],
    });
  }

  /**
   * One alert to every member whose alert radius holds the spot, with their radius, switch and plan as of the
   * event (AlertsRepository): found through the GiST index on their positions and written with one INSERT … SELECT.
   * Once committed, the open streams of the members reached are told.
   */
  async fanOutNearby(tx: EventTransaction, alert: NearbyAlert): Promise<number> {
    await this.alerts.recordNearby(tx, { ...alert, sourceEventId: tx.event.id, occurredAt: tx.event.occurredAt });
    const written = await this.alerts.writeNearby(tx, { eventId: tx.event.id });
    this.written(tx, written);
    return written.length;
  }

  async list(userId: string, query: NotificationListQuery): Promise<Notification[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT id, type, title, message, data, is_read, created_at FROM notifications.notifications
       WHERE user_id = $1 ${query.unreadOnly === 'true' ? 'AND NOT is_read' : ''}
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, query.limit],
    );
    return rows.map(toNotification);
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
    if (affected === 0) throw new DomainError(NotificationError.NOT_FOUND, 'Notification not found');
    await this.signal([[userId, null]]);
    return { success: true };
  }

  async readAll(userId: string): Promise<{ success: boolean; count: number }> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications.notifications SET is_read = true WHERE user_id = $1 AND NOT is_read`,
      [userId],
    );
    if (affected > 0) await this.signal([[userId, null]]);
    return { success: true, count: affected };
  }

  /**
   * For the gateway's open streams: per member, the notifications a signal named (only that member's own) or
   * those after a stream's cursor, and the unread count. With push notifications switched off a member's streams
   * get the count alone.
   */
  async liveBatch(call: LiveBatchCall): Promise<LiveBatchAnswer> {
    const userIds = call.users.map((u) => u.userId);
    if (userIds.length === 0) return { users: [] };
    const pairs = call.users.flatMap((u) => (u.ids ?? []).map((id) => [u.userId, id] as const));
    const named: (Row & { user_id: string })[] = pairs.length
      ? await this.dataSource.query(
          `SELECT n.id, n.seq::text AS seq, n.user_id, n.type, n.title, n.message, n.data, n.is_read, n.created_at
           FROM notifications.notifications n
           JOIN unnest($1::uuid[], $2::uuid[]) AS wanted (user_id, id) ON n.id = wanted.id AND n.user_id = wanted.user_id
           ORDER BY n.seq`,
          [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
        )
      : [];
    const caughtUp: (Row & { user_id: string })[] = [];
    for (const user of call.users.filter((u) => u.afterSeq !== undefined)) {
      caughtUp.push(
        ...(await this.dataSource.query(
          `SELECT id, seq::text AS seq, user_id, type, title, message, data, is_read, created_at FROM notifications.notifications
           WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT ${LIVE_CATCH_UP}`,
          [user.userId, user.afterSeq],
        )),
      );
    }
    const counts: { user_id: string; count: number; push: boolean }[] = await this.dataSource.query(
      `SELECT u.user_id,
              (SELECT count(*)::int FROM notifications.notifications n WHERE n.user_id = u.user_id AND NOT n.is_read) AS count,
              coalesce((m.flags ->> 'enablePushNotifications')::boolean, $2) AS push
       FROM unnest($1::uuid[]) AS u (user_id) LEFT JOIN notifications.members m ON m.user_id = u.user_id`,
      [userIds, NOTIFICATION_FLAG_DEFAULTS.enablePushNotifications],
    );
    return {
      users: counts.map(({ user_id, count, push }) => ({
        userId: user_id,
        count,
        notifications: push
          ? [...named, ...caughtUp].filter((r) => r.user_id === user_id).map((r): LiveNotification => ({ ...toNotification(r), seq: r.seq as string }))
          : [],
      })),
    };
  }

  /**
   * What follows a write: the open streams of the members are told once it has committed, and the notifications of
   * members who want alerts texted (and whose plan allows it) go to the users service, which holds the phones, in
   * the same transaction.
   */
  private written(tx: Transaction, rows: WrittenRow[]): void {
    if (rows.length === 0) return;
    tx.afterCommit(() => this.signal(rows.map((r) => [r.user_id, r.id])));
    const texts = rows.filter((r) => r.text).map((r) => ({ userId: r.user_id, notificationId: r.id, text: smsText(r.title, r.message) }));
    for (let i = 0; i < texts.length; i += LIVE_SIGNAL_BATCH) tx.emit(Events.notificationTextRequested, { messages: texts.slice(i, i + LIVE_SIGNAL_BATCH) });
  }

  /** Tells every gateway replica which members have news; sent after the commit, so the news can be read. */
  private async signal(entries: LiveNotificationSignal['entries']): Promise<void> {
    for (let i = 0; i < entries.length; i += LIVE_SIGNAL_BATCH) {
      const signal: LiveNotificationSignal = { entries: entries.slice(i, i + LIVE_SIGNAL_BATCH) };
      await this.live.publish(LIVE_NOTIFICATIONS_TOPIC, signal);
    }
  }
}

function toNotification(r: Row): Notification {
  return { id: r.id, type: r.type, title: r.title, message: r.message, isRead: r.is_read, createdAt: r.created_at.toISOString(), data: r.data };
}

function smsText(title: string, message: string): string {
  const text = `Curbside: ${title}. ${message}`;
  return text.length > SMS_TEXT_MAX ? `${text.slice(0, SMS_TEXT_MAX - 1)}…` : text;
}
