import { Injectable } from '@nestjs/common';
import { HOLDS_PER_DAY } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';

export type HoldEnd = 'picked_up' | 'lapsed' | 'released' | 'gone';
// Written by `end` itself, never asked for: 'released_early' (a release in the first 10 minutes), 'unanswered' (a
// lapse of a hold auto-claim took for the member, migration 1765000000409) and 'check_failed' (a lapse after the
// holder's pickup photo could not be checked, migration 1765100000414); none counts anywhere.

/** docs/product-rules.md, "No-shows". */
export const RELIABILITY_DAYS = 90;
export const RELEASE_GRACE_MINUTES = 10;
export const NO_SHOWS_TO_SUSPEND = 3;
export const NO_SHOW_WINDOW_DAYS = 28;
export const SUSPENSION_DAYS = 7;

export interface Reliability {
  pickedUp: number;
  holds: number;
}

/** The hold history: one row per hold, its end written in the transaction that ends it. */
@Injectable()
export class HoldsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A hold begins; `autoClaimed` when Pro's auto-claim took it for the member (its lapse is then nobody's no-show). */
  async start(manager: EntityManager, itemId: string, userId: string, autoClaimed = false): Promise<void> {
    await manager.query(`INSERT INTO items.holds (item_id, user_id, auto_claimed) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [itemId, userId, autoClaimed]);
  }

  /**
   * The check of the holder's pickup photo failed on our side (the check service down or out of time, not a photo it
   * refused): if the hold now lapses, that is not the member's no-show. Nothing when the member holds no such item.
   */
  async noteFailedCheck(itemId: string, userId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE items.holds SET check_failed = true WHERE item_id = $1 AND user_id = $2 AND ended_at IS NULL`, [itemId, userId]);
  }

  /**
   * Ends the member's open hold of the item. A release in its first 10 minutes is recorded as not counting, and so is
   * the lapse of a hold that auto-claim took for the member (`auto_claimed`): they never chose that item, and anyone
   * can post what matches their search at an hour nobody collects. Nor does the lapse of a hold whose pickup photo
   * could not be checked (`check_failed`): the member was there, and the check failed them.
   */
  async end(manager: EntityManager, itemId: string, userId: string, outcome: HoldEnd): Promise<void> {
    await manager.query(
      `UPDATE items.holds SET ended_at = now(),
         outcome = CASE
           WHEN $3 = 'released' AND started_at > now() - make_interval(mins => ${RELEASE_GRACE_MINUTES}) THEN 'released_early'
           WHEN $3 = 'lapsed' AND auto_claimed THEN 'unanswered'
           WHEN $3 = 'lapsed' AND check_failed THEN 'check_failed'
           ELSE $3 END
       WHERE item_id = $1 AND user_id = $2 AND ended_at IS NULL`,
      [itemId, userId, outcome],
    );
  }

  /** Verified pickups and counted holds (early releases and open holds left out) over the last 90 days, per member. */
  async reliability(manager: EntityManager, userIds: string[]): Promise<Map<string, Reliability>> {
    const rows: { user_id: string; picked_up: number; holds: number }[] = await manager.query(
      `SELECT user_id, count(*) FILTER (WHERE outcome = 'picked_up')::int AS picked_up, count(*)::int AS holds
       FROM items.holds
       WHERE user_id = ANY ($1::uuid[]) AND outcome IN ('picked_up', 'lapsed', 'released')
         AND started_at > now() - make_interval(days => ${RELIABILITY_DAYS})
       GROUP BY user_id`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.user_id, { pickedUp: r.picked_up, holds: r.holds }]));
  }

  /**
   * When the member may start a hold again: 24 hours after the HOLDS_PER_DAY-th newest hold they started in the last
   * 24 hours; null while they started fewer. Read through holds_member (user_id, started_at).
   */
  async dailyHoldsFreeAt(manager: EntityManager, userId: string): Promise<Date | null> {
    const [row]: { free_at: Date }[] = await manager.query(
      `SELECT started_at + interval '24 hours' AS free_at FROM items.holds
       WHERE user_id = $1 AND started_at > now() - interval '24 hours'
       ORDER BY started_at DESC OFFSET ${HOLDS_PER_DAY - 1} LIMIT 1`,
      [userId],
    );
    return row ? new Date(row.free_at) : null;
  }

  /**
   * Until when the member may take no hold: 7 days from any no-show that was their third within 28 days, when that
   * is still ahead; null when not suspended.
   */
  async suspendedUntil(manager: EntityManager, userId: string): Promise<Date | null> {
    const [row]: { until: Date | null }[] = await manager.query(
      `SELECT max(h.ended_at) + make_interval(days => ${SUSPENSION_DAYS}) AS until
       FROM items.holds h
       WHERE h.user_id = $1 AND h.outcome = 'lapsed'
         AND (SELECT count(*) FROM items.holds p WHERE p.user_id = h.user_id AND p.outcome = 'lapsed'
                AND p.ended_at <= h.ended_at AND p.ended_at > h.ended_at - make_interval(days => ${NO_SHOW_WINDOW_DAYS})) >= ${NO_SHOWS_TO_SUSPEND}`,
      [userId],
    );
    return row?.until && new Date(row.until).getTime() > Date.now() ? new Date(row.until) : null;
  }
}

/** "picked up 12 of 14 holds"; null under 3 holds (too few to say). */
export function shownReliability(r: Reliability | undefined): Reliability | null {
  return r && r.holds >= 3 ? r : null;
}
