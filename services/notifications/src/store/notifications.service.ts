import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_RADIUS,
  DomainError,
  EventPayload,
  Events,
  GARAGE_SALE_ALERT_TIERS,
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
  ReportedPosition,
} from '@curbside/contracts';

import { clockTimeIn, EventOutbox, timeZoneAt, Transaction } from '@curbside/platform';
import { DeliveryRequest, DeliveryService } from '../delivery/delivery.service';
import { inParallel } from '../in-parallel';
import { AlertsRepository, MemberSlice, memberSlices, NearbyAlert, WrittenRow } from './alerts.repository';
import { LiveSignals } from './live-signals';
import { MembersRepository } from './members.repository';
import { LiveRow, NotificationRow, NotificationsRepository } from './notifications.repository';

/** A reconnecting stream catches up on at most this many notifications (the panel shows 50). */
const LIVE_CATCH_UP = 50;
/**
 * A nearby alert whose box holds more members than this is written in slices of about this many (by member id), each
 * in a transaction of its own, SLICES_AT_ONCE at a time: the first members' rows show (and their pushes leave) while
 * the later ones are written. One statement for 100,000 members kept one backend busy for seconds while everything
 * after it waited (bench/README.md, "Scenario `fanout`"). Four at a time waited on each other (extending the same table
 * and indexes, flushing the same WAL). Two at a time wrote 100,000 rows in 3.5–4.1 s, but held both of a two-core
 * machine's cores, and the feed's p99 meanwhile rose to 2.3–3.1× its figure alone; one at a time writes them in
 * 4.1–5.1 s and leaves the feed a core: 1.5–2.4× (bench/README.md, "Fan-out one slice at a time").
 */
export const MEMBERS_PER_SLICE = 12_500;
/** A member's posts alert their neighbours for at most this many posts in any 24 hours (docs/product-rules.md, "Alert timing and channels"). */
export const ALERTING_POSTS_PER_DAY = 10;
const MAX_SLICES = 16;
const SLICES_AT_ONCE = 1;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
  /** The switch that must be on for this member (every alert honours its switch); none: always sent. */
  flag?: keyof NotificationFlags;
  /**
   * Leaves the app at once whatever the member's plan (an item alert is otherwise on the plan's timing, src/delivery):
   * for members who asked for the item through a wanted post (DESIGN §6). Quiet hours and switches still apply.
   */
  immediate?: boolean;
}

/** The transaction of the event being applied: its id and time decide the alerts it writes. */
type EventTransaction = Transaction & { event: { id: string; occurredAt: string } };

/** The notification store: written from events (once per event, recipient and type), read by its owner only. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly live: LiveSignals,
    private readonly alerts: AlertsRepository,
    private readonly store: NotificationsRepository,
    private readonly members: MembersRepository,
    private readonly delivery: DeliveryService,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * Writes the notification unless the member had switched its kind off when the event happened, or the event was
   * applied before. It is kept all the same: settings from before the event that arrive after it decide again.
   */
  async notify(tx: EventTransaction, notification: NewNotification): Promise<boolean> {
    await this.alerts.recordPersonal(tx.manager, {
      sourceEventId: tx.event.id,
      userId: notification.userId,
      type: notification.type,
      title: notification.title,
      message: notification.message,
      data: notification.data ?? {},
      flag: notification.flag ?? null,
      occurredAt: tx.event.occurredAt,
      immediate: notification.immediate ?? false,
    });
    const written = await this.alerts.writePersonal(tx.manager, { eventId: tx.event.id });
    await this.written(tx, written, { occurredAt: tx.event.occurredAt, immediate: notification.immediate });
    return written.length > 0;
  }

  /** One notification of the event for each of many members: recorded in one statement, decided and written once. */
  async notifyMany(tx: EventTransaction, userIds: string[], notification: Omit<NewNotification, 'userId'>): Promise<boolean> {
    if (userIds.length === 0) return false;
    const { type, title, message, data, flag, immediate } = notification;
    await this.alerts.recordPersonalForMany(
      tx.manager,
      {
        sourceEventId: tx.event.id,
        type,
        title,
        message,
        data: data ?? {},
        flag: flag ?? null,
        occurredAt: tx.event.occurredAt,
        immediate: immediate ?? false,
      },
      userIds,
    );
    const written = await this.alerts.writePersonal(tx.manager, { eventId: tx.event.id });
    await this.written(tx, written, { occurredAt: tx.event.occurredAt, immediate });
    return written.length > 0;
  }

  /**
   * user.created / user.updated: the newest version is what texts and live streams go by; every version is kept
   * with when it took effect, and the alerts from then on are decided again by it (written, or taken back).
   */
  async mirrorMember(tx: EventTransaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    const radiusMiles = Number(user.notificationRadius) || Number(DEFAULT_NOTIFICATION_RADIUS);
    await this.members.mirror(tx.manager, {
      userId: user.userId,
      flags: user.notificationFlags,
      radiusMiles,
      tier: user.subscriptionTier,
      version: user.version,
      quietHours: user.quietHours ?? null,
    });
    const since = tx.event.occurredAt;
    await this.alerts.recordMemberVersion(tx.manager, {
      userId: user.userId,
      version: user.version,
      occurredAt: since,
      flags: user.notificationFlags,
      radiusMiles,
      tier: user.subscriptionTier,
    });
    if ((await this.alerts.retract(tx.manager, user.userId, since)) > 0) tx.afterCommit(() => this.signal([[user.userId, null]]));
    await this.written(
      tx,
      [
        ...(await this.alerts.writePersonal(tx.manager, { userId: user.userId, since })),
        ...(await this.alerts.writeNearby(tx.manager, { userId: user.userId, since })),
      ],
      { occurredAt: since },
    );
  }

  async reportPosition(userId: string, position: Position): Promise<{ success: boolean }> {
    await this.members.reportPosition(userId, position);
    return { success: true };
  }

  /**
   * A time of day for a text to this member ("until 2:05 PM EST"): in the time zone of their last reported position,
   * "14:05 UTC" when they never reported one. A push, an e-mail or an SMS is read where the member is.
   */
  async clockTimeFor(userId: string, at: string): Promise<string> {
    const found = await this.members.lastPosition(userId);
    return clockTimeIn(at, found ? timeZoneAt(found.lat, found.lng) : 'UTC');
  }

  /** For the audited emergency lookup only (docs/security.md). */
  async lastPosition(userId: string): Promise<{ position: ReportedPosition | null }> {
    const found = await this.members.lastPosition(userId);
    return { position: found && { lat: found.lat, lng: found.lng, reportedAt: found.reportedAt.toISOString() } };
  }

  /** A new post's alert (new item, scout find, or garage sale for the plans that get those) to the members around it. */
  async fanOutNewItem(tx: EventTransaction, item: EventPayload<typeof Events.itemPosted>): Promise<number> {
    // One account posting item after item would push every neighbour an alert each time: past the day's ten, a post
    // is listed (feed, map, search, wanted posts) but alerts nobody nearby.
    if ((await this.alerts.alertingPostsBefore(tx.manager, item.posterId, tx.event.occurredAt, tx.event.id)) >= ALERTING_POSTS_PER_DAY) return 0;
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
      posterId: item.posterId,
    });
  }

  /**
   * One alert to every member whose alert radius holds the spot, with their radius, switch and plan as of the
   * event (AlertsRepository): found through the GiST index on their positions and written with one INSERT … SELECT,
   * or, for a post whose box holds more than MEMBERS_PER_SLICE members, one such statement per slice of them. Once
   * each write has committed, the open streams of the members it reached are told and its rows go to delivery.
   */
  async fanOutNearby(tx: EventTransaction, alert: NearbyAlert): Promise<number> {
    const record = { ...alert, sourceEventId: tx.event.id, occurredAt: tx.event.occurredAt };
    const request = { occurredAt: tx.event.occurredAt };
    const around = await this.alerts.membersAround(tx.manager, alert, MEMBERS_PER_SLICE * MAX_SLICES);
    if (around <= MEMBERS_PER_SLICE) {
      await this.alerts.recordNearby(tx.manager, record);
      const written = await this.alerts.writeNearby(tx.manager, { eventId: tx.event.id });
      await this.written(tx, written, request);
      return written.length;
    }
    // The record commits first, on its own, so that every slice's transaction sees it. Recording and each slice are
    // idempotent (the unique key on event, member and type): an event that arrives again after a crash half-way
    // through, not yet marked processed, writes what is missing and nothing twice. Pro members' alerts are sent first
    // (docs/product-rules.md): theirs are written, and go to delivery, in a pass of their own before the slices, which
    // then skip them by the same key.
    await this.outbox.transaction((own) => this.alerts.recordNearby(own.manager, record));
    const write = (members: MemberSlice | 'pro') => () =>
      this.outbox.transaction(async (own) => {
        const written = await this.alerts.writeNearby(own.manager, { eventId: tx.event.id, members });
        await this.written(own, written, request);
        return written.length;
      });
    const pro = await write('pro')();
    const slices = await inParallel(memberSlices(Math.ceil(around / MEMBERS_PER_SLICE)).map(write), SLICES_AT_ONCE);
    return slices.reduce((sum, n) => sum + n, pro);
  }

  async list(userId: string, query: NotificationListQuery): Promise<Notification[]> {
    const rows = await this.store.newest(userId, { unreadOnly: query.unreadOnly === 'true', limit: query.limit });
    return rows.map(toNotification);
  }

  async count(userId: string): Promise<{ count: number }> {
    return { count: await this.store.countUnread(userId) };
  }

  /** Only the owner can; somebody else's notification is "not found", like one that does not exist. */
  async markRead(notificationId: string, userId: string): Promise<{ success: boolean }> {
    if (!(await this.store.markRead(userId, notificationId))) throw new DomainError(NotificationError.NOT_FOUND, 'Notification not found');
    await this.signal([[userId, null]]);
    return { success: true };
  }

  async readAll(userId: string): Promise<{ success: boolean; count: number }> {
    const affected = await this.store.markAllRead(userId);
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
    const named = await this.store.named(pairs);
    const caughtUp: LiveRow[] = [];
    for (const user of call.users) if (user.afterSeq !== undefined) caughtUp.push(...(await this.store.after(user.userId, user.afterSeq, LIVE_CATCH_UP)));
    const counts = await this.store.unreadAndPush(userIds, NOTIFICATION_FLAG_DEFAULTS.enablePushNotifications);
    return {
      users: counts.map(({ user_id, count, push }) => ({
        userId: user_id,
        count,
        notifications: push
          ? [...named, ...caughtUp].filter((r) => r.user_id === user_id).map((r): LiveNotification => ({ ...toNotification(r), seq: r.seq }))
          : [],
      })),
    };
  }

  /**
   * What follows a write: the open streams of the members are told once it has committed (alerts held for their
   * plan's timing when they show: src/delivery), and every notification goes to delivery for the channels beyond the
   * app (push, e-mail, SMS), on its plan's timing.
   */
  private async written(tx: Transaction, rows: WrittenRow[], request: DeliveryRequest): Promise<void> {
    if (rows.length === 0) return;
    const shown = rows.filter((r) => !r.held);
    if (shown.length > 0) tx.afterCommit(() => this.signal(shown.map((r) => [r.user_id, r.id])));
    await this.delivery.schedule(tx, rows, request);
  }

  private signal(entries: LiveNotificationSignal['entries']): Promise<void> {
    return this.live.signal(entries);
  }
}

function toNotification(r: NotificationRow): Notification {
  return { id: r.id, type: r.type, title: r.title, message: r.message, isRead: r.is_read, createdAt: r.created_at.toISOString(), data: r.data };
}
