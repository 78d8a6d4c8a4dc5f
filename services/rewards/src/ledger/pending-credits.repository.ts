import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { changedRows } from '@curbside/platform';
import type { WithdrawalKind } from './post-credits.repository';

/** A post's credit waiting for the pickup (docs/product-rules.md, "Points"). */
export interface PendingCreditRow {
  item_id: string;
  user_id: string;
  reason: string;
  amount: number;
  local_date: string;
  cause_at: Date;
  source_event_id: string;
  final_by: Date;
  withdrawn_at: Date | null;
  withdrawal_event_id: string | null;
  withdrawal_kind: WithdrawalKind | null;
}

/** The advisory lock class of the rewards service's per-item reactions (any fixed number no other lock uses). */
const ITEM_LOCK_CLASS = 0x72657764; // 'rewd'

const COLUMNS = `item_id, user_id, reason, amount, local_date::text AS local_date, cause_at, source_event_id, final_by, withdrawn_at, withdrawal_event_id, withdrawal_kind`;

/**
 * Pending post credits, their members' pending sums, and the earliest confirmation of each item. Every method runs in
 * the caller's transaction; a credit is read with its row locked, so a reaction and the sweep never both settle it.
 */
@Injectable()
export class PendingCreditsRepository {
  /**
   * Serialises the reactions to one item (its post, its withdrawals, its confirmations) until the transaction ends:
   * consumers of different subjects run at once, and each must see what the other wrote, or a withdrawal kept for a
   * credit that is being written at that moment would wait for ever. Keyed by a hash of the item id in a class of
   * its own; two items sharing a hash only wait for each other.
   */
  async lockItem(manager: EntityManager, itemId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [ITEM_LOCK_CLASS, itemId]);
  }

  /** Keeps the credit as pending; false when the item has one already (a replay). */
  async keep(
    manager: EntityManager,
    credit: { itemId: string; userId: string; reason: string; amount: number; localDate: string; causeAt: string; sourceEventId: string; finalBy: string },
  ): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO rewards.pending_credits (item_id, user_id, reason, amount, local_date, cause_at, source_event_id, final_by)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
       WHERE NOT EXISTS (SELECT 1 FROM rewards.ledger_entries WHERE item_id = $1 AND reason IN ('post_item', 'scout_find'))
       ON CONFLICT DO NOTHING RETURNING item_id`,
      [credit.itemId, credit.userId, credit.reason, credit.amount, credit.localDate, credit.causeAt, credit.sourceEventId, credit.finalBy],
    );
    return inserted.length > 0;
  }

  /** The item's pending (or voided) credit, locked until the transaction ends. */
  async lockOf(manager: EntityManager, itemId: string): Promise<PendingCreditRow | undefined> {
    const [row]: PendingCreditRow[] = await manager.query(`SELECT ${COLUMNS} FROM rewards.pending_credits WHERE item_id = $1 FOR UPDATE`, [itemId]);
    return row;
  }

  /** Pending credits due by `now`, oldest first, each locked; rows another sweep holds are skipped, not waited for. */
  async lockDue(manager: EntityManager, now: Date, limit: number): Promise<PendingCreditRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM rewards.pending_credits WHERE withdrawn_at IS NULL AND final_by <= $1 ORDER BY final_by LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }

  /** Brings the credit's final time forward to `at` (a confirmation inside the post's first hour); never later. */
  async finalBy(manager: EntityManager, itemId: string, at: Date): Promise<void> {
    await manager.query(`UPDATE rewards.pending_credits SET final_by = LEAST(final_by, $2) WHERE item_id = $1`, [itemId, at]);
  }

  /** Removes the credit (it is final now, or final and reversed); false when it was gone already. */
  async take(manager: EntityManager, itemId: string): Promise<boolean> {
    const rows = await changedRows(manager, `DELETE FROM rewards.pending_credits WHERE item_id = $1 RETURNING item_id`, [itemId]);
    return rows.length > 0;
  }

  /**
   * Voids the credit: it never counts; the row stays so the day's slots see when it stood (`keepsSlot`: for good, as
   * for a withdrawal that would not take final points back).
   */
  async withdraw(
    manager: EntityManager,
    itemId: string,
    withdrawal: { at: string; sourceEventId: string; kind: WithdrawalKind; keepsSlot: boolean },
  ): Promise<void> {
    await manager.query(
      `UPDATE rewards.pending_credits SET withdrawn_at = $2, withdrawal_event_id = $3, withdrawal_kind = $4, withdrawal_keeps_slot = $5
       WHERE item_id = $1 AND withdrawn_at IS NULL`,
      [itemId, withdrawal.at, withdrawal.sourceEventId, withdrawal.kind, withdrawal.keepsSlot],
    );
  }

  /** The day's pending credits made by `at` and not withdrawn before it, or keeping their slot (the day's slots count them). */
  async standingAt(manager: EntityManager, userId: string, localDate: string, at: string): Promise<number> {
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM rewards.pending_credits
       WHERE user_id = $1 AND local_date = $2 AND cause_at <= $3 AND (withdrawn_at IS NULL OR withdrawn_at >= $3 OR withdrawal_keeps_slot)`,
      [userId, localDate, at],
    );
    return n;
  }

  /** Moves the member's pending sum. */
  async movePending(manager: EntityManager, userId: string, delta: number): Promise<void> {
    await manager.query(
      `INSERT INTO rewards.pending_balances (user_id, pending) VALUES ($1, GREATEST($2::int, 0))
       ON CONFLICT (user_id) DO UPDATE SET pending = GREATEST(pending_balances.pending + $2, 0)`,
      [userId, delta],
    );
  }

  /** Keeps the earliest confirmation of the item (a verified pickup or a verified "still there"). */
  async confirm(manager: EntityManager, itemId: string, at: string, sourceEventId: string): Promise<void> {
    await manager.query(
      `INSERT INTO rewards.item_confirmations (item_id, confirmed_at, source_event_id) VALUES ($1, $2, $3)
       ON CONFLICT (item_id) DO UPDATE SET confirmed_at = EXCLUDED.confirmed_at, source_event_id = EXCLUDED.source_event_id
       WHERE EXCLUDED.confirmed_at < item_confirmations.confirmed_at`,
      [itemId, at, sourceEventId],
    );
  }

  async confirmedAt(manager: EntityManager, itemId: string): Promise<Date | undefined> {
    const [row]: { confirmed_at: Date }[] = await manager.query(`SELECT confirmed_at FROM rewards.item_confirmations WHERE item_id = $1`, [itemId]);
    return row?.confirmed_at;
  }
}
