import { Injectable } from '@nestjs/common';
import { affectedCount, changedRows } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { SessionEntity } from './session.entity';

/** Sessions of one member that a sign-out ended, by their tokens' hashes. */
export interface EndedSessions {
  userId: string;
  tokenHashes: string[];
}

/** The sessions table, keyed by the token's hash (the token itself is never stored). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, session: SessionEntity): Promise<void> {
    await manager.insert(SessionEntity, session);
  }

  /** Marks the session revoked now; answers it (its member and hash), or nothing when it was not live. */
  async revoke(manager: EntityManager, tokenHash: string): Promise<EndedSessions | null> {
    const rows = await changedRows<{ user_id: string }>(
      manager,
      `UPDATE users.sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING user_id`,
      [tokenHash],
    );
    return rows.length > 0 ? { userId: rows[0].user_id, tokenHashes: [tokenHash] } : null;
  }

  /**
   * Marks revoked every other live session (not revoked, expired, nor unused for `idleDays`) of the member whose live
   * session `tokenHash` is; answers that member and the hashes of the sessions it ended (nobody, when the session is
   * not live).
   */
  async revokeOthers(manager: EntityManager, tokenHash: string, idleDays: number): Promise<EndedSessions | null> {
    const live = (s: string) => `${s}.revoked_at IS NULL AND ${s}.expires_at > now() AND ${s}.last_seen_at > now() - make_interval(days => $2)`;
    const [row]: { user_id: string | null; ended: string[] }[] = await manager.query(
      `WITH own AS (SELECT user_id FROM users.sessions o WHERE o.token_hash = $1 AND ${live('o')}),
            ended AS (UPDATE users.sessions s SET revoked_at = now() FROM own
                      WHERE s.user_id = own.user_id AND s.token_hash <> $1 AND ${live('s')}
                      RETURNING s.token_hash)
       SELECT (SELECT user_id FROM own) AS user_id, ARRAY(SELECT token_hash FROM ended) AS ended`,
      [tokenHash, idleDays],
    );
    return row?.user_id ? { userId: row.user_id, tokenHashes: row.ended } : null;
  }

  /**
   * Sessions that ended by themselves (expired, or unused for `idleDays`) and were not yet marked: up to `limit` of
   * them are marked ended now (`revoked_at`), answered per member. Replicas sweeping at once take different rows.
   */
  async endLapsed(manager: EntityManager, idleDays: number, limit: number): Promise<EndedSessions[]> {
    const rows = await changedRows<{ user_id: string; token_hash: string }>(
      manager,
      `WITH lapsed AS (SELECT token_hash FROM users.sessions
                       WHERE revoked_at IS NULL AND (expires_at <= now() OR last_seen_at <= now() - make_interval(days => $1))
                       LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE users.sessions s SET revoked_at = now() FROM lapsed WHERE s.token_hash = lapsed.token_hash
       RETURNING s.user_id, s.token_hash`,
      [idleDays, limit],
    );
    const byMember = new Map<string, string[]>();
    for (const row of rows) byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row.token_hash]);
    return [...byMember].map(([userId, tokenHashes]) => ({ userId, tokenHashes }));
  }

  /** Deletes up to `limit` sessions that ended more than `keptDays` ago; answers how many. Replicas at once take different rows. */
  forgetEnded(keptDays: number, limit: number): Promise<number> {
    return affectedCount(
      this.dataSource,
      `DELETE FROM users.sessions s USING (SELECT token_hash FROM users.sessions WHERE revoked_at < now() - make_interval(days => $1)
                                          LIMIT $2 FOR UPDATE SKIP LOCKED) ended
       WHERE s.token_hash = ended.token_hash`,
      [keptDays, limit],
    );
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
