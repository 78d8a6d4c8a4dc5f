import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { affectedCount, changedRows } from '@curbside/platform';
import { ESTABLISHED_ACCOUNT_MS } from '@curbside/contracts';

/**
 * Votes, still-there checks and garage-sale interest, and the item's counters kept in step with them. One per
 * neighbour (per item's local day for votes and checks) is kept by primary keys: an insert that conflicts adds nothing.
 */
@Injectable()
export class EngagementRepository {
  /** Today's date where the item is (its time zone), as YYYY-MM-DD. */
  async localToday(manager: EntityManager, timeZone: string): Promise<string> {
    const [{ today }]: { today: string }[] = await manager.query(`SELECT (now() AT TIME ZONE $1)::date::text AS today`, [timeZone]);
    return today;
  }

  /** Records the vote; false when the member already voted for the item on that date. */
  async addVote(manager: EntityManager, itemId: string, userId: string, localDate: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO items.votes (item_id, user_id, local_date) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING item_id`,
      [itemId, userId, localDate],
    );
    return inserted.length > 0;
  }

  /**
   * Counts the voter's vote on the item for that date (the counts start again on a new day): in every vote, and in the
   * counted votes when the voter is established (verified, or an account older than a day, as for reports; migration
   * 1765000000411). Returns the day's votes, the counted ones, whether this one counted, and where the item shows.
   */
  async countVote(
    manager: EntityManager,
    itemId: string,
    voterId: string,
    localDate: string,
  ): Promise<{ votes: number; countedVotes: number; counted: boolean; publicLat: number; publicLng: number }> {
    const [row] = await changedRows<{ vote_count: number; counted_votes: number; counted: boolean; public_lat: number; public_lng: number }>(
      manager,
      `WITH voter AS (
         SELECT coalesce(bool_or(p.is_verified OR p.account_created_at < now() - make_interval(secs => ${ESTABLISHED_ACCOUNT_MS / 1000})), false) AS counted
         FROM items.posters p WHERE p.user_id = $3
       )
       UPDATE items.items SET
         vote_count = CASE WHEN votes_date = $2 THEN vote_count + 1 ELSE 1 END,
         counted_votes = CASE WHEN votes_date = $2 THEN counted_votes ELSE 0 END + (SELECT counted::int FROM voter),
         votes_date = $2
       WHERE id = $1 RETURNING vote_count, counted_votes, (SELECT counted FROM voter) AS counted, public_lat, public_lng`,
      [itemId, localDate, voterId],
    );
    return { votes: row.vote_count, countedVotes: row.counted_votes, counted: row.counted, publicLat: row.public_lat, publicLng: row.public_lng };
  }

  /** Records the answer for the item's local today; false when the member already answered today. */
  async addCheck(manager: EntityManager, itemId: string, timeZone: string, userId: string, stillThere: boolean, counts = true): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO items.still_there_checks (item_id, user_id, check_date, still_there, counts)
       VALUES ($1, $3, (now() AT TIME ZONE $2)::date, $4, $5) ON CONFLICT DO NOTHING RETURNING item_id`,
      [itemId, timeZone, userId, stillThere, counts],
    );
    return inserted.length > 0;
  }

  /**
   * Counts a "still there". Another member's confirms the item (docs/product-rules.md, "Freshness"); a verified one's
   * is also the "last still there" since which "not there" answers are counted, so a throwaway account cannot keep
   * a gone item up by answering for it every day.
   */
  async countStillThere(manager: EntityManager, itemId: string, answer: { confirms: boolean; restartsNotThere: boolean }): Promise<void> {
    await manager.query(
      `UPDATE items.items SET still_there_count = still_there_count + 1,
         last_still_there_check = CASE WHEN $3 THEN now() ELSE last_still_there_check END,
         last_confirmed_at = CASE WHEN $2 THEN now() ELSE last_confirmed_at END
       WHERE id = $1`,
      [itemId, answer.confirms, answer.restartsNotThere],
    );
  }

  /**
   * Serialises one member's "not there" answers until the transaction ends, so answers given at once cannot pass the
   * day's count (countedNotThereToday) together.
   */
  async lockMemberNotThere(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('not-there:' || $1))`, [userId]);
  }

  /** The member's "not there" answers in the last 24 hours that counted toward a removal (through still_there_checks_counted_not_there). */
  async countedNotThereToday(manager: EntityManager, userId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM items.still_there_checks WHERE user_id = $1 AND NOT still_there AND counts AND created_at > now() - interval '24 hours'`,
      [userId],
    );
    return n;
  }

  /** Different verified members whose "not there" since `since` (ever, when null) counts toward a removal. */
  async verifiedNotThereSince(manager: EntityManager, itemId: string, since: Date | null): Promise<number> {
    const [{ reports }]: { reports: number }[] = await manager.query(
      `SELECT count(DISTINCT c.user_id)::int AS reports FROM items.still_there_checks c
       JOIN items.posters p ON p.user_id = c.user_id AND p.is_verified
       WHERE c.item_id = $1 AND NOT c.still_there AND c.counts AND c.created_at > coalesce($2::timestamptz, '-infinity')`,
      [itemId, since],
    );
    return reports;
  }

  /** Removes the member's interest; false when there was none. */
  async removeInterest(manager: EntityManager, itemId: string, userId: string): Promise<boolean> {
    const deleted = await affectedCount(manager, `DELETE FROM items.interests WHERE item_id = $1 AND user_id = $2`, [itemId, userId]);
    return deleted > 0;
  }

  async addInterest(manager: EntityManager, itemId: string, userId: string): Promise<void> {
    await manager.query(`INSERT INTO items.interests (item_id, user_id) VALUES ($1, $2)`, [itemId, userId]);
  }

  /** Moves the item's interest count by `by`; returns the new count. */
  async countInterest(manager: EntityManager, itemId: string, by: 1 | -1): Promise<number> {
    const [{ interest_count: count }] = await changedRows<{ interest_count: number }>(
      manager,
      `UPDATE items.items SET interest_count = interest_count + $2 WHERE id = $1 RETURNING interest_count`,
      [itemId, by],
    );
    return count;
  }
}
