import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { changedRows } from '@curbside/platform';

/** A post's credit entry, as its reversal needs it. */
export interface PostCreditRow {
  item_id: string;
  user_id: string;
  amount: number;
  reason: string;
  local_date: string | null;
  cause_at: Date | null;
}

/** A post that found its day's paid slots taken, kept until a withdrawal from before it frees one. */
export interface UncreditedPost {
  itemId: string;
  userId: string;
  reason: string;
  amount: number;
  localDate: string;
  createdAt: string;
  sourceEventId: string;
}

/** How a post was withdrawn: deleted by its poster, removed after reports, or removed by neighbours' "not there". */
export type WithdrawalKind = 'deleted' | 'reported' | 'gone';

/** A withdrawal of a post that arrived before the post's credit. */
export interface PendingReversalRow {
  source_event_id: string;
  withdrawn_at: Date;
  kind: WithdrawalKind;
}

/** The reasons of the entries that pay for a post (the day's slots count these). */
const POST_REASONS = `('post_item', 'scout_find')`;

/**
 * What the posts of a member's local day need besides the ledger: the day's row (its lock and its count of paid
 * posts), the paid posts standing at a time, the posts waiting for a slot, and withdrawals waiting for their
 * post's credit. Every method runs in the caller's transaction.
 */
@Injectable()
export class PostCreditsRepository {
  /** The calendar date at `at` in the time zone (an IANA name). */
  async localDate(manager: EntityManager, at: string, timeZone: string): Promise<string> {
    const [{ local_date }]: { local_date: string }[] = await manager.query(`SELECT ($1::timestamptz AT TIME ZONE $2)::date::text AS local_date`, [
      at,
      timeZone,
    ]);
    return local_date;
  }

  /** Creates the member's row of the day if needed and locks it until the transaction ends. */
  async lockDay(manager: EntityManager, userId: string, localDate: string): Promise<void> {
    await manager.query(
      `INSERT INTO rewards.post_days (user_id, local_date, credited) VALUES ($1, $2, 0)
       ON CONFLICT (user_id, local_date) DO UPDATE SET credited = post_days.credited`,
      [userId, localDate],
    );
  }

  /**
   * The day's posts that were paid and stood at `at`: credited for a post made then or before, and not taken back
   * by a withdrawal from before then (a reversal is dated by its withdrawal, a credit by its post).
   */
  async paidPostsStandingAt(manager: EntityManager, userId: string, localDate: string, at: string): Promise<number> {
    const [{ taken }]: { taken: number }[] = await manager.query(
      `SELECT count(*)::int AS taken FROM rewards.ledger_entries c
       WHERE c.user_id = $1 AND c.local_date = $2 AND c.reason IN ${POST_REASONS} AND c.cause_at <= $3
         AND NOT EXISTS (SELECT 1 FROM rewards.ledger_entries r
                         WHERE r.item_id = c.item_id AND r.reason = 'post_reversal' AND coalesce(r.cause_at, r.created_at) < $3)`,
      [userId, localDate, at],
    );
    return taken;
  }

  async countPaid(manager: EntityManager, userId: string, localDate: string): Promise<void> {
    await manager.query(`UPDATE rewards.post_days SET credited = credited + 1 WHERE user_id = $1 AND local_date = $2`, [userId, localDate]);
  }

  async uncountPaid(manager: EntityManager, userId: string, localDate: string): Promise<void> {
    await manager.query(`UPDATE rewards.post_days SET credited = credited - 1 WHERE user_id = $1 AND local_date = $2 AND credited > 0`, [userId, localDate]);
  }

  /** The credit entry of the item's post; none when it was not paid (or has not arrived). */
  async creditOf(manager: EntityManager, itemId: string): Promise<PostCreditRow | undefined> {
    const [credit]: PostCreditRow[] = await manager.query(
      `SELECT item_id, user_id, amount, reason, local_date::text AS local_date, cause_at FROM rewards.ledger_entries
       WHERE item_id = $1 AND reason IN ${POST_REASONS}`,
      [itemId],
    );
    return credit;
  }

  /** Whether the item's post credit was taken back already (a reversal, or a void of points final by the clock). */
  async withdrawn(manager: EntityManager, itemId: string): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM rewards.ledger_entries WHERE item_id = $1 AND reason IN ('post_reversal', 'post_void') LIMIT 1`, [itemId]);
    return rows.length > 0;
  }

  async keepUncredited(manager: EntityManager, post: UncreditedPost): Promise<void> {
    await manager.query(
      `INSERT INTO rewards.uncredited_posts (item_id, user_id, reason, amount, local_date, created_at, source_event_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [post.itemId, post.userId, post.reason, post.amount, post.localDate, post.createdAt, post.sourceEventId],
    );
  }

  /** The member's unpaid posts of the day made after `after`, in the order they were made. */
  async uncreditedAfter(manager: EntityManager, userId: string, localDate: string, after: string): Promise<UncreditedPost[]> {
    const rows: { item_id: string; reason: string; amount: number; created_at: Date; source_event_id: string }[] = await manager.query(
      `SELECT item_id, reason, amount, created_at, source_event_id FROM rewards.uncredited_posts
       WHERE user_id = $1 AND local_date = $2 AND created_at > $3 ORDER BY created_at, item_id`,
      [userId, localDate, after],
    );
    return rows.map((w) => ({
      itemId: w.item_id,
      userId,
      reason: w.reason,
      amount: w.amount,
      localDate,
      createdAt: w.created_at.toISOString(),
      sourceEventId: w.source_event_id,
    }));
  }

  async forgetUncredited(manager: EntityManager, itemId: string): Promise<void> {
    await manager.query(`DELETE FROM rewards.uncredited_posts WHERE item_id = $1`, [itemId]);
  }

  /** Keeps a withdrawal that came before its post's credit; the same event kept twice is kept once. */
  async keepPendingReversal(
    manager: EntityManager,
    reversal: { itemId: string; sourceEventId: string; withdrawnAt: string; kind: WithdrawalKind },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO rewards.pending_post_reversals (item_id, source_event_id, withdrawn_at, kind) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [reversal.itemId, reversal.sourceEventId, reversal.withdrawnAt, reversal.kind],
    );
  }

  /** Forgets the item's waiting withdrawals from before `at` (the post's announcement). */
  async forgetPendingReversalsBefore(manager: EntityManager, itemId: string, at: string): Promise<void> {
    await manager.query(`DELETE FROM rewards.pending_post_reversals WHERE item_id = $1 AND withdrawn_at < $2`, [itemId, at]);
  }

  /** Removes and returns the item's waiting withdrawals. */
  async takePendingReversals(manager: EntityManager, itemId: string): Promise<PendingReversalRow[]> {
    const pending = await changedRows<PendingReversalRow>(
      manager,
      `DELETE FROM rewards.pending_post_reversals WHERE item_id = $1 RETURNING source_event_id, withdrawn_at, kind`,
      [itemId],
    );
    return pending;
  }
}
