import { Injectable } from '@nestjs/common';
import type { Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';

/** The elevations the emergency password opened, by session key and admin. */
@Injectable()
export class ElevationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Opens (or renews) the elevation in the unlock's own transaction, so it exists exactly when its audit entry does. */
  async open(tx: Transaction, sessionKey: string, adminUserId: string, auditEntryId: string, minutes: number): Promise<Date> {
    await tx.manager.query(`DELETE FROM emergency.elevations WHERE expires_at <= now()`);
    const [row]: { expires_at: Date }[] = await tx.manager.query(
      `INSERT INTO emergency.elevations (session_key, admin_user_id, audit_entry_id, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4))
       ON CONFLICT (session_key, admin_user_id) DO UPDATE SET audit_entry_id = EXCLUDED.audit_entry_id, expires_at = EXCLUDED.expires_at
       RETURNING expires_at`,
      [sessionKey, adminUserId, auditEntryId, minutes],
    );
    return row.expires_at;
  }

  /**
   * The lookups granted to this admin since the unlock that opened this session's live elevation; null when there is
   * none any more (it ran out, or another lookup used it up while this one was under way).
   */
  async lookupsSinceUnlock(tx: Transaction, sessionKey: string, adminUserId: string): Promise<number | null> {
    const [row]: { n: number }[] = await tx.manager.query(
      `SELECT (SELECT count(*)::int FROM emergency.audit_log a
               WHERE a.admin_user_id = $2 AND a.outcome = 'granted' AND a.search_type IS NOT NULL AND a.seq > u.seq) AS n
       FROM emergency.elevations e JOIN emergency.audit_log u ON u.id = e.audit_entry_id
       WHERE e.session_key = $1 AND e.admin_user_id = $2 AND e.expires_at > now()`,
      [sessionKey, adminUserId],
    );
    return row ? row.n : null;
  }

  /** Ends this session's elevation of this admin (its lookups are used up). */
  async close(tx: Transaction, sessionKey: string, adminUserId: string): Promise<void> {
    await tx.manager.query(`DELETE FROM emergency.elevations WHERE session_key = $1 AND admin_user_id = $2`, [sessionKey, adminUserId]);
  }

  /** Whether this session of this admin holds an elevation that has not run out (the database's clock decides). */
  async isLive(sessionKey: string, adminUserId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM emergency.elevations WHERE session_key = $1 AND admin_user_id = $2 AND expires_at > now()`,
      [sessionKey, adminUserId],
    );
    return rows.length > 0;
  }
}
