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

  /** Whether this session of this admin holds an elevation that has not run out (the database's clock decides). */
  async isLive(sessionKey: string, adminUserId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM emergency.elevations WHERE session_key = $1 AND admin_user_id = $2 AND expires_at > now()`,
      [sessionKey, adminUserId],
    );
    return rows.length > 0;
  }
}
