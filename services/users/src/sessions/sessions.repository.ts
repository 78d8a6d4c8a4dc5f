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

  /** The session if it is neither revoked nor expired. */
  async findLive(tokenHash: string): Promise<SessionEntity | null> {
    return this.dataSource.getRepository(SessionEntity).findOneBy({ tokenHash, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }
}
