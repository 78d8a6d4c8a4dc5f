import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  EventPayload,
  Events,
  Notification,
  NOTIFICATION_FLAG_DEFAULTS,
  NotificationFlags,
  NotificationListQuery,
  NotificationType,
} from '@curbside/contracts';
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
      `INSERT INTO notifications.members (user_id, flags, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET flags = EXCLUDED.flags, version = EXCLUDED.version WHERE members.version < EXCLUDED.version`,
      [user.userId, JSON.stringify(user.notificationFlags), user.version],
    );
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
