import { Column, Entity, PrimaryColumn } from 'typeorm';

export type CodePurpose = 'login' | 'verify';

@Entity('phone_codes')
export class PhoneCodeEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  phone: string;

  @Column('text')
  purpose: CodePurpose;

  @Column('text', { name: 'code_hash' })
  codeHash: string;

  /** For verification codes: the account being verified. */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  /** For verification codes: the full name given with the request. */
  @Column('text', { name: 'pending_name', nullable: true })
  pendingName: string | null;

  @Column('int')
  attempts: number;

  /** HMAC of the client's address that asked for the code ('' when the system asked). */
  @Column('text')
  requester: string;

  /** The browser that asked for it (the SHA-256 of its device cookie; '' when none came): only its tries count. */
  @Column('text')
  device: string;

  /** False for a code issued but never sent (a verification for a number that is another account's). */
  @Column('boolean')
  texted: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  /** Used, replaced by a newer code, or out of tries. */
  @Column('timestamptz', { name: 'dead_at', nullable: true })
  deadAt: Date | null;
}
