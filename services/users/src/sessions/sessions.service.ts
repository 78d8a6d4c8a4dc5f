import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import { SessionEntity } from './session.entity';

const SESSION_DAYS = 365;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class SessionsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Starts a session for the user; the token is returned once and only its hash is kept. */
  async start(manager: EntityManager, userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await manager.insert(SessionEntity, {
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000),
      revokedAt: null,
    });
    return token;
  }

  /** Ends a session (sign out, "Start Fresh"); the cookie alone is then worth nothing. */
  async revoke(token: string): Promise<void> {
    await this.dataSource.getRepository(SessionEntity).update({ tokenHash: hashToken(token), revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async resolve(token: string): Promise<string | null> {
    const session = await this.dataSource.getRepository(SessionEntity).findOneBy({
      tokenHash: hashToken(token),
      revokedAt: IsNull(),
      expiresAt: MoreThan(new Date()),
    });
    return session?.userId ?? null;
  }
}
