import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SubscriptionTier } from '@curbside/contracts';

/** One credit or debit, tied to its cause: (source_event_id, reason) and (item_id, reason) are unique. */
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

  @Column('uuid', { name: 'item_id', nullable: true })
  itemId: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}

/**
 * The sums of a user's ledger entries, kept in the same transaction as each entry so that concurrent changes
 * serialize on this row (never a stale read-then-write): `points` to spend, `earned` for rank, badges and the
 * leaderboard (the shop does not lower it), and the badges held.
 */
@Entity('balances')
export class BalanceEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('int')
  points: number;

  @Column('int')
  earned: number;

  @Column('text', { array: true })
  badges: string[];

  /** Number of entries so far: read models keep the highest they have seen. */
  @Column('int')
  version: number;
}

/** Read model of each user (tier for multipliers; username and scout mode for the leaderboard). */
@Entity('members')
export class MemberEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  tier: SubscriptionTier;

  @Column('text', { nullable: true })
  username: string | null;

  @Column('boolean', { name: 'scout_mode' })
  scoutMode: boolean;

  @Column('int')
  version: number;
}
