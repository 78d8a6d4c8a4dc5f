import { Injectable } from '@nestjs/common';
import { BadgeName } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';

/** A member's balance row as a change leaves it. */
export interface BalanceRow {
  points: number;
  earned: number;
  /** What reversals could not take back because it was spent; paid first out of the next credits. */
  owed: number;
  version: number;
  badges: BadgeName[];
}

/** One entry as written: (source_event_id, reason) and (item_id, reason) are unique, so a replay writes nothing. */
export interface EntryRow {
  id: string;
  userId: string;
  amount: number;
  reason: string;
  sourceEventId: string;
  itemId: string | null;
  localDate: string | null;
  causeAt: string | null;
}

/** What a member's rewards page shows of their standing. */
export interface StandingRow {
  points: number;
  /** Post points waiting for the pickup: they count toward nothing yet. */
  pending: number;
  earned: number;
  badges: BadgeName[];
  redemptions: number;
}

/**
 * Ledger entries and the balances that sum them: each entry and its balance move are written in the caller's
 * transaction, so concurrent changes to one member serialise on the balance row.
 */
@Injectable()
export class LedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the entry; false when an entry of the same cause exists already (a replay). */
  async addEntry(manager: EntityManager, entry: EntryRow): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO rewards.ledger_entries (id, user_id, amount, reason, source_event_id, item_id, local_date, cause_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) ON CONFLICT DO NOTHING RETURNING id`,
      [entry.id, entry.userId, entry.amount, entry.reason, entry.sourceEventId, entry.itemId, entry.localDate, entry.causeAt],
    );
    return inserted.length > 0;
  }

  /**
   * Moves the member's balance by `points`, points earned by `earned` (earned never below zero) and points owed by
   * `owed`, counting one more entry in its version; the row is created at the first entry.
   */
  async moveBalance(manager: EntityManager, userId: string, points: number, earned: number, owed = 0): Promise<BalanceRow> {
    const [balance]: BalanceRow[] = await manager.query(
      `INSERT INTO rewards.balances (user_id, points, earned, version, owed) VALUES ($1, GREATEST($2::int, 0), GREATEST($3::int, 0), 1, GREATEST($4::int, 0))
       ON CONFLICT (user_id) DO UPDATE SET points = balances.points + $2, earned = GREATEST(balances.earned + $3, 0), version = balances.version + 1,
         owed = balances.owed + $4
       RETURNING points, earned, version, badges, owed`,
      [userId, points, earned, owed],
    );
    return balance;
  }

  /**
   * The member's points to spend, their balance row locked until the transaction ends, so that what is decided
   * on them (a redemption, how much a reversal can take back) sees every change before it. None: no row yet.
   */
  async lockPoints(manager: EntityManager, userId: string): Promise<number | undefined> {
    const [balance]: { points: number }[] = await manager.query(`SELECT points FROM rewards.balances WHERE user_id = $1 FOR UPDATE`, [userId]);
    return balance?.points;
  }

  /** Adds the badge to the ones the balance row lists, once. */
  async listBadge(manager: EntityManager, userId: string, badge: BadgeName): Promise<void> {
    await manager.query(`UPDATE rewards.balances SET badges = array_append(badges, $2) WHERE user_id = $1 AND NOT ($2 = ANY (badges))`, [userId, badge]);
  }

  /** Points to spend, pending points and entries so far; zeros for a member with neither. */
  async balance(userId: string): Promise<{ points: number; pending: number; version: number }> {
    const [row]: { points: number; pending: number; version: number }[] = await this.dataSource.query(
      `SELECT coalesce(b.points, 0) AS points, coalesce(p.pending, 0) AS pending, coalesce(b.version, 0) AS version
       FROM (SELECT $1::uuid AS user_id) u
       LEFT JOIN rewards.balances b ON b.user_id = u.user_id LEFT JOIN rewards.pending_balances p ON p.user_id = u.user_id`,
      [userId],
    );
    return row;
  }

  /** Points, points earned, badges and the number of redemptions; zeros for a member with no entry yet. */
  async standing(userId: string): Promise<StandingRow> {
    const [row]: StandingRow[] = await this.dataSource.query(
      `SELECT coalesce(b.points, 0) AS points, coalesce(p.pending, 0) AS pending, coalesce(b.earned, 0) AS earned, coalesce(b.badges, '{}') AS badges,
              (SELECT count(*)::int FROM rewards.redemptions r WHERE r.user_id = $1) AS redemptions
       FROM (SELECT $1::uuid AS user_id) u LEFT JOIN rewards.balances b ON b.user_id = u.user_id
       LEFT JOIN rewards.pending_balances p ON p.user_id = u.user_id`,
      [userId],
    );
    return row;
  }

  /** The member's newest entries, newest first. */
  async recentEntries(userId: string, limit: number): Promise<{ id: string; reason: string; amount: number; created_at: Date }[]> {
    return this.dataSource.query(`SELECT id, reason, amount, created_at FROM rewards.ledger_entries WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`, [
      userId,
      limit,
    ]);
  }
}
