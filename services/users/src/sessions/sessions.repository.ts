import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { SessionEntity } from './session.entity';

/** The sessions table, keyed by the token's hash (the token itself is never stored). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, session: SessionEntity): Promise<void> {
    await manager.insert(SessionEntity, session);
  }

  /** Marks the session revoked now; returns the member whose session it was, or nothing when none was live. */
  async revoke(tokenHash: string): Promise<string[]> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: new Date() })
      .where({ tokenHash, revokedAt: IsNull() })
      .returning('user_id')
      .execute();
    return ((result.raw ?? []) as { user_id: string }[]).map((row) => row.user_id);
  }

  /**
   * Marks revoked every other live session (not revoked, expired, nor unused for `idleDays`) of the member whose live
   * session `tokenHash` is; returns that member and how many it ended (nobody, when the session is not live).
   */
  async revokeOthers(tokenHash: string, idleDays: number): Promise<{ userId: string | null; ended: number }> {
    const live = (s: string) => `${s}.revoked_at IS NULL AND ${s}.expires_at > now() AND ${s}.last_seen_at > now() - make_interval(days => $2)`;
    const [row]: { user_id: string | null; ended: number }[] = await this.dataSource.query(
      `WITH own AS (SELECT user_id FROM users.sessions o WHERE o.token_hash = $1 AND ${live('o')}),
            ended AS (UPDATE users.sessions s SET revoked_at = now() FROM own
                      WHERE s.user_id = own.user_id AND s.token_hash <> $1 AND ${live('s')}
                      RETURNING 1)
       SELECT (SELECT user_id FROM own) AS user_id, (SELECT count(*)::int FROM ended) AS ended`,
      [tokenHash, idleDays],
    );
    return { userId: row?.user_id ?? null, ended: row?.ended ?? 0 };
  }

  /**
   * The member whose session it is, if it is neither revoked, expired, nor unused for `idleDays`; its use is noted
   * (at most once an hour, so resolving stays a read nearly always).
   */
  async findLive(tokenHash: string, idleDays: number): Promise<{ userId: string } | null> {
    const [session]: { user_id: string; note_use: boolean }[] = await this.dataSource.query(
      `SELECT user_id, last_seen_at < now() - interval '1 hour' AS note_use FROM users.sessions
       WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now() AND last_seen_at > now() - make_interval(days => $2)`,
      [tokenHash, idleDays],
    );
    if (!session) return null;
    if (session.note_use) await this.dataSource.query(`UPDATE users.sessions SET last_seen_at = now() WHERE token_hash = $1`, [tokenHash]);
    return { userId: session.user_id };
  }
}
