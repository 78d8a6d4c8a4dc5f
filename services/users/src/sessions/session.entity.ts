import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Server-side sessions: the cookie holds a random token, we keep only its SHA-256. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn('text', { name: 'token_hash' })
  tokenHash: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  /** When it was last used, kept to the hour: unused for SESSION_IDLE_DAYS, it ends. */
  @Column('timestamptz', { name: 'last_seen_at' })
  lastSeenAt: Date;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
