import { Injectable } from '@nestjs/common';
import { METERS_PER_MILE, SAVED_SEARCH_LIMITS, TIER_RADIUS_CAP_MILES } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { affectedCount, changedRows, earthDistanceSql } from '@curbside/platform';

export interface SavedSearchRow {
  id: string;
  user_id: string;
  query: string;
  words: string[];
  category: string | null;
  radius_miles: number;
  lat: number;
  lng: number;
  label: string | null;
  is_public: boolean;
  auto_claim: boolean;
  in_review: boolean;
  created_at: Date;
}

export interface WantedRow {
  id: string;
  user_id: string;
  query: string;
  category: string | null;
  public_name: string | null;
  public_lat: number;
  public_lng: number;
  distance_miles: number;
  created_at: Date;
  in_review: boolean;
}

/** A saved search a new item matched: the member's oldest matching search, a wanted post before any other. */
export interface MatchRow {
  saved_search_id: string;
  user_id: string;
  query: string;
  category: string | null;
  wanted: boolean;
  /** The member switched this search to auto-claim (whether it may, their plan decides when it runs). */
  auto_claim: boolean;
}

/** A new item as matching reads it: its public position, the poster, and the words of its title and description. */
export interface ItemToMatch {
  itemId: string;
  posterId: string;
  category: string;
  publicLat: number;
  publicLng: number;
  /** searchWords(title + description) */
  words: string[];
}

const COLUMNS = 'id, user_id, query, words, category, radius_miles, lat, lng, label, is_public, auto_claim, in_review, created_at';

/** Each plan's numbers as JSON for the statements: one source (libs/contracts/src/client/plans.ts). */
const PLAN_LIMITS = JSON.stringify(SAVED_SEARCH_LIMITS);
const PLAN_RADII = JSON.stringify(TIER_RADIUS_CAP_MILES);
const tierOf = (member: string) => `coalesce((SELECT p.subscription_tier FROM items.posters p WHERE p.user_id = ${member}), 'free')`;

/**
 * Whether search `s` counts under its member's plan as it is now: the oldest N of theirs (a member who moves to a
 * smaller plan keeps their searches, but only as many as the plan allows take effect).
 */
const withinPlan = (limits: string) => `(SELECT count(*) FROM items.saved_searches o
      WHERE o.user_id = s.user_id AND (o.created_at, o.id) < (s.created_at, s.id)) < (${limits}::jsonb ->> ${tierOf('s.user_id')})::int`;

/** A wanted post as neighbours see it: public, and not held for a moderator's review (then only its author sees it). */
const WANTED = '(s.is_public AND NOT s.in_review)';

/** Neither member blocked the other. */
const notBlocked = (a: string, b: string) => `NOT EXISTS (SELECT 1 FROM items.blocks bl WHERE bl.blocked
      AND ((bl.blocker_id = ${a} AND bl.blocked_id = ${b}) OR (bl.blocker_id = ${b} AND bl.blocked_id = ${a})))`;

/**
 * Every beginning of two characters or more of each word ("chairs": ch, cha, chai, chair, chairs): a search word
 * starts an item word exactly when it is one of these, so "all the search's words" is one array containment.
 */
export function wordPrefixes(words: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const word of words) {
    const letters = Array.from(word);
    for (let end = 2; end <= letters.length; end++) prefixes.add(letters.slice(0, end).join(''));
  }
  return [...prefixes];
}

/**
 * The saved searches a new item matches, one per member: found through the GiST index on each search's reach (the
 * box around its blurred place), then, for those candidates only, the exact distance to the item's public position
 * within the search's radius (narrowed to the member's plan as it is now), the category, every word (a word
 * matches an item word that starts with it: "chair" finds "chairs"), the plan's count, and blocks either way.
 * Never the poster's own. A member's auto-claim search goes before their others (it acts for them), then a wanted
 * post. The bench times this very statement (bench/README.md, scenario saved-searches).
 */
export function savedSearchMatchQuery(item: ItemToMatch, options: { wantedOnly: boolean }): { text: string; params: unknown[] } {
  return {
    text: `SELECT DISTINCT ON (s.user_id) s.id AS saved_search_id, s.user_id, s.query, s.category, ${WANTED} AS wanted, s.auto_claim
       FROM items.saved_searches s
       WHERE s.reach @> ll_to_earth($1, $2)
         AND s.user_id <> $3
         ${options.wantedOnly ? `AND ${WANTED}` : ''}
         AND (s.category IS NULL OR s.category = $4)
         AND s.words <@ $5::text[]
         AND ${earthDistanceSql('s.earth_pos', 'll_to_earth($1, $2)')}
             <= least(s.radius_miles, ($6::jsonb ->> ${tierOf('s.user_id')})::float8) * ${METERS_PER_MILE}
         AND ${notBlocked('$3::uuid', 's.user_id')}
         AND ${withinPlan('$7')}
       ORDER BY s.user_id, s.auto_claim DESC, ${WANTED} DESC, s.created_at, s.id`,
    params: [item.publicLat, item.publicLng, item.posterId, item.category, wordPrefixes(item.words), PLAN_RADII, PLAN_LIMITS],
  };
}

@Injectable()
export class SavedSearchesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Serialises one member's creations, so two at once cannot both pass the plan's count. */
  async lockMember(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('saved-searches:' || $1, 0))`, [userId]);
  }

  async count(manager: EntityManager, userId: string): Promise<number> {
    const [row]: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM items.saved_searches WHERE user_id = $1`, [userId]);
    return row.n;
  }

  async insert(manager: EntityManager, search: Omit<SavedSearchRow, 'created_at' | 'auto_claim' | 'in_review'>): Promise<SavedSearchRow> {
    const [row]: SavedSearchRow[] = await manager.query(
      `INSERT INTO items.saved_searches (id, user_id, query, words, category, radius_miles, lat, lng, label, is_public)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
      [search.id, search.user_id, search.query, search.words, search.category, search.radius_miles, search.lat, search.lng, search.label, search.is_public],
    );
    return row;
  }

  list(userId: string): Promise<SavedSearchRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM items.saved_searches WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
  }

  /** The member's own search by id, or null. */
  async find(userId: string, id: string): Promise<SavedSearchRow | null> {
    const [row]: SavedSearchRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM items.saved_searches WHERE id = $1 AND user_id = $2`, [id, userId]);
    return row ?? null;
  }

  /** New words for the member's own search; null when there is none of theirs by that id. */
  async setQuery(manager: EntityManager, userId: string, id: string, query: string, words: string[]): Promise<SavedSearchRow | null> {
    const rows = await changedRows<SavedSearchRow>(
      manager,
      `UPDATE items.saved_searches SET query = $3, words = $4 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId, query, words],
    );
    return rows[0] ?? null;
  }

  /** Switches auto-claim of the member's own search; null when there is none of theirs by that id. */
  async setAutoClaim(manager: EntityManager, userId: string, id: string, autoClaim: boolean): Promise<SavedSearchRow | null> {
    const rows = await changedRows<SavedSearchRow>(
      manager,
      `UPDATE items.saved_searches SET auto_claim = $3 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId, autoClaim],
    );
    return rows[0] ?? null;
  }

  /** Items auto-claimed for the member since a time (the daily cap is counted from these). */
  async autoClaimsSince(manager: EntityManager, userId: string, since: Date): Promise<number> {
    const [row]: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM items.auto_claims WHERE user_id = $1 AND created_at > $2`, [
      userId,
      since.toISOString(),
    ]);
    return row.n;
  }

  async recordAutoClaim(manager: EntityManager, claim: { userId: string; itemId: string; savedSearchId: string; outcome: 'held' | 'queued' }): Promise<void> {
    await manager.query(`INSERT INTO items.auto_claims (user_id, item_id, saved_search_id, outcome) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
      claim.userId,
      claim.itemId,
      claim.savedSearchId,
      claim.outcome,
    ]);
  }

  /** Deletes the member's own search; false when there is none of theirs by that id. */
  async delete(userId: string, id: string): Promise<boolean> {
    const affected = await affectedCount(this.dataSource, `DELETE FROM items.saved_searches WHERE id = $1 AND user_id = $2`, [id, userId]);
    return affected > 0;
  }

  /**
   * Wanted posts within `radiusMiles` of a spot, nearest first, measured to their blurred place through the GiST
   * index; never those of a member who blocked the caller or whom the caller blocked, nor one held for review
   * (its author still sees it).
   */
  wanted(search: { lat: number; lng: number; radiusMiles: number; callerId: string | undefined; limit: number }): Promise<WantedRow[]> {
    return this.dataSource.query(
      `SELECT s.id, s.user_id, s.query, s.category, p.username AS public_name, s.public_lat, s.public_lng, s.created_at, s.in_review,
              ${earthDistanceSql('ll_to_earth($1, $2)', 's.earth_pos')} / ${METERS_PER_MILE} AS distance_miles
       FROM items.saved_searches s
       LEFT JOIN items.posters p ON p.user_id = s.user_id
       WHERE s.is_public
         AND (NOT s.in_review OR s.user_id = $4::uuid)
         AND earth_box(ll_to_earth($1, $2), $3) @> s.earth_pos
         AND ${earthDistanceSql('ll_to_earth($1, $2)', 's.earth_pos')} <= $3
         AND ($4::uuid IS NULL OR ${notBlocked('$4::uuid', 's.user_id')})
         AND ${withinPlan('$5')}
       ORDER BY distance_miles, s.created_at DESC, s.id
       LIMIT $6`,
      [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE, search.callerId ?? null, PLAN_LIMITS, search.limit],
    );
  }

  /** The saved searches a new item matches, one per member (savedSearchMatchQuery). */
  matches(manager: EntityManager, item: ItemToMatch, options: { wantedOnly: boolean }): Promise<MatchRow[]> {
    const query = savedSearchMatchQuery(item, options);
    return manager.query(query.text, query.params);
  }

  /** Records the matches not recorded before (one per member and item) and answers those. */
  async record(manager: EntityManager, itemId: string, matches: MatchRow[]): Promise<MatchRow[]> {
    if (matches.length === 0) return [];
    const fresh: { user_id: string }[] = await manager.query(
      `INSERT INTO items.saved_search_matches (item_id, user_id, saved_search_id, wanted)
       SELECT $1, u, s, w FROM unnest($2::uuid[], $3::uuid[], $4::boolean[]) AS m(u, s, w)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [itemId, matches.map((m) => m.user_id), matches.map((m) => m.saved_search_id), matches.map((m) => m.wanted)],
    );
    const recorded = new Set(fresh.map((r) => r.user_id));
    return matches.filter((m) => recorded.has(m.user_id));
  }
}
