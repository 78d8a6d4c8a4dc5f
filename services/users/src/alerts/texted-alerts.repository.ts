import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** Where a member's alert text goes, and how many were sent them in the last hour. */
export interface AlertRecipient {
  phone: string | null;
  sent: number;
}

/** The texted_alerts table (one row per notification texted or not) and the member's phone; in the caller's transaction. */
@Injectable()
export class TextedAlertsRepository {
  /** Holds the member's texts to this transaction until it ends (a transaction-scoped advisory lock). */
  async lockMember(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('texted_alerts:' || $1))`, [userId]);
  }

  async isDone(manager: EntityManager, notificationId: string): Promise<boolean> {
    const [done]: unknown[] = await manager.query(`SELECT 1 FROM users.texted_alerts WHERE notification_id = $1`, [notificationId]);
    return Boolean(done);
  }

  /** The member's phone and the texts sent them in the last hour; null when there is no such member. */
  async recipient(manager: EntityManager, userId: string): Promise<AlertRecipient | null> {
    const [user]: AlertRecipient[] = await manager.query(
      `SELECT u.phone,
              (SELECT count(*)::int FROM users.texted_alerts t
               WHERE t.user_id = u.id AND t.outcome = 'sent' AND t.created_at > now() - interval '1 hour') AS sent
       FROM users.users u WHERE u.id = $1`,
      [userId],
    );
    return user ?? null;
  }

  async record(manager: EntityManager, notificationId: string, userId: string, outcome: string): Promise<void> {
    await manager.query(`INSERT INTO users.texted_alerts (notification_id, user_id, outcome) VALUES ($1, $2, $3)`, [notificationId, userId, outcome]);
  }
}
