import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EMAIL_CONFIRMATION_HOURS } from '@curbside/contracts';
import { affectedCount, changedRows } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { Mail } from './mailer';

/** An alert mail waiting for the mail server, as a sender took it. */
export interface QueuedMail extends Mail {
  id: string;
  attempts: number;
}

/** What went to which address (confirmation mails) and which alert was mailed; in the caller's transaction. */
@Injectable()
export class MailRecordsRepository {
  constructor(private readonly dataSource: DataSource) {}

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

  /** Queues alert mails in the caller's transaction: they leave only if it commits. */
  async queueAlerts(manager: EntityManager, mails: Mail[]): Promise<void> {
    if (mails.length === 0) return;
    await manager.query(
      `INSERT INTO users.alert_mail_queue (id, to_address, subject, body, headers)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[])`,
      [
        mails.map(() => randomUUID()),
        mails.map((m) => m.to),
        mails.map((m) => m.subject),
        mails.map((m) => m.text),
        mails.map((m) => JSON.stringify(m.headers ?? {})),
      ],
    );
  }

  /**
   * Takes up to `limit` queued mails that are due, for `leaseSeconds`: another sender (a replica's, or this one's next
   * sweep) leaves them alone until then, so a mail goes out once unless its sender dies mid-send.
   */
  async takeDueAlerts(limit: number, leaseSeconds: number): Promise<QueuedMail[]> {
    const rows = await changedRows<{ id: string; to_address: string; subject: string; body: string; headers: Record<string, string>; attempts: number }>(
      this.dataSource,
      `UPDATE users.alert_mail_queue q SET next_attempt_at = now() + make_interval(secs => $2), attempts = q.attempts + 1
         FROM (SELECT id FROM users.alert_mail_queue WHERE next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
         WHERE q.id = due.id
         RETURNING q.id, q.to_address, q.subject, q.body, q.headers, q.attempts`,
      [limit, leaseSeconds],
    );
    return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.body, headers: r.headers, attempts: r.attempts }));
  }

  /** The mail server took it: out of the queue. */
  async sentAlert(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM users.alert_mail_queue WHERE id = $1`, [id]);
  }

  /**
   * The mail server refused it or could not be reached: tried again in `retryInSeconds`, unless it was queued more than
   * `giveUpAfterSeconds` ago (an alert that late helps nobody; it is in the app either way). Answers whether it stays.
   */
  async failedAlert(id: string, retryInSeconds: number, giveUpAfterSeconds: number): Promise<boolean> {
    const kept = await affectedCount(
      this.dataSource,
      `WITH given_up AS (DELETE FROM users.alert_mail_queue WHERE id = $1 AND created_at < now() - make_interval(secs => $3) RETURNING id)
       UPDATE users.alert_mail_queue SET next_attempt_at = now() + make_interval(secs => $2)
       WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM given_up)`,
      [id, retryInSeconds, giveUpAfterSeconds],
    );
    return kept > 0;
  }
}
