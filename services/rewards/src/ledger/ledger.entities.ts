import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SubscriptionTier } from '@curbside/contracts';

/** One credit or debit, tied to the event that earned it: (source_event_id, reason) is unique. */
@Entity('ledger_entries')
export class LedgerEntryEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('int')
  amount: number;

  @Column('text')
  reason: string;

  @Column('uuid', { name: 'source_event_id' })
  sourceEventId: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}

/**
 * The sum of a user's ledger entries, kept in the same transaction as each entry so that concurrent awards
 * serialize on this row (never a stale read-then-write) and reading a balance costs one row.
 */
@Entity('balances')
export class BalanceEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('int')
  points: number;

  /** Number of entries so far: read models keep the highest they have seen. */
  @Column('int')
  version: number;
}

/** Read model of each user's tier (for multipliers), fed by user.created / user.updated. */
@Entity('user_tiers')
export class UserTierEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  tier: SubscriptionTier;

  @Column('int')
  version: number;
}
