import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
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
   * Marks revoked every other live session of the member whose live session `tokenHash` is; returns that member and
   * how many it ended (nobody, when the session is not live).
   */
  async revokeOthers(tokenHash: string): Promise<{ userId: string | null; ended: number }> {
    const [row]: { user_id: string | null; ended: number }[] = await this.dataSource.query(
      `WITH own AS (SELECT user_id FROM users.sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()),
            ended AS (UPDATE users.sessions s SET revoked_at = now() FROM own
                      WHERE s.user_id = own.user_id AND s.token_hash <> $1 AND s.revoked_at IS NULL AND s.expires_at > now()
                      RETURNING 1)
       SELECT (SELECT user_id FROM own) AS user_id, (SELECT count(*)::int FROM ended) AS ended`,
      [tokenHash],
    );
    return { userId: row?.user_id ?? null, ended: row?.ended ?? 0 };
  }

  /** The session if it is neither revoked nor expired. */
  async findLive(tokenHash: string): Promise<SessionEntity | null> {
    return this.dataSource.getRepository(SessionEntity).findOneBy({ tokenHash, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }
}
