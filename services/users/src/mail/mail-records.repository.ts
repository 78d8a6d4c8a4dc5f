import { Injectable } from '@nestjs/common';
import { EMAIL_CONFIRMATION_HOURS } from '@curbside/contracts';
import { EntityManager } from 'typeorm';

/** What went to which address (confirmation mails) and which alert was mailed; in the caller's transaction. */
@Injectable()
export class MailRecordsRepository {
  /**
   * Records a confirmation mail to the address if fewer than `limit` went there within EMAIL_CONFIRMATION_HOURS;
   * answers null when recorded, else the seconds until the oldest of them leaves the window. One address is
   * counted one request at a time (a transaction-scoped advisory lock), so parallel requests cannot pass it together.
   */
  async claimConfirmation(manager: EntityManager, address: string, userId: string, limit: number): Promise<number | null> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('confirmation_mails:' || $1))`, [address]);
    const [{ sent, retry_after }]: { sent: number; retry_after: number | null }[] = await manager.query(
      `WITH forgotten AS (DELETE FROM users.confirmation_mails WHERE address = $1 AND sent_at < now() - make_interval(hours => $2))
       SELECT count(*)::int AS sent,
              ceil(extract(epoch FROM min(sent_at) + make_interval(hours => $2) - now()))::int AS retry_after
       FROM users.confirmation_mails WHERE address = $1 AND sent_at >= now() - make_interval(hours => $2)`,
      [address, EMAIL_CONFIRMATION_HOURS],
    );
    if (sent >= limit) return Math.max(1, retry_after ?? 1);
    await manager.query(`INSERT INTO users.confirmation_mails (address, user_id) VALUES ($1, $2)`, [address, userId]);
    return null;
  }

  /** Records each alert not mailed yet and answers those: the caller mails exactly these, once. */
  async claimAlerts(manager: EntityManager, alerts: { notificationId: string; userId: string }[]): Promise<Set<string>> {
    if (alerts.length === 0) return new Set();
    const rows: { notification_id: string }[] = await manager.query(
      `WITH forgotten AS (DELETE FROM users.mailed_alerts WHERE created_at < now() - interval '30 days')
       INSERT INTO users.mailed_alerts (notification_id, user_id)
       SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT DO NOTHING RETURNING notification_id`,
      [alerts.map((a) => a.notificationId), alerts.map((a) => a.userId)],
    );
    return new Set(rows.map((r) => r.notification_id));
  }
}
