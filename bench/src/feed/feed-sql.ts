import { METERS_PER_MILE } from '@curbside/contracts';
import { statementQuery } from '@curbside/platform';

import { feedQuery, FeedQuery, FeedSearch, likePattern } from '@curbside/items-service';
import type { SqlRunner } from '../data/seed-items';

export { feedQuery };
export type { FeedSearch };

export interface PreparedQuery {
  text: string;
  params: unknown[];
}

/**
 * Runs the feed statement exactly as ItemsRepository.feed does: one statement, one round trip, prepared once per
 * connection unless it is planned for its values (a search).
 */
export async function runFeed(db: SqlRunner, query: FeedQuery): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(statementQuery(query));
  return rows;
}

/**
 * The answer the feed must give, by brute force (a full scan, no grid): the newest `limit` available,
 * unexpired items whose exact (earthdistance) distance is within the radius and, for a search, whose title or
 * description holds the words.
 */
export function groundTruthQuery(search: FeedSearch): PreparedQuery {
  return {
    text: `SELECT id FROM items.items
           WHERE listed AND expires_at > now()
             AND earth_distance(ll_to_earth($1, $2), earth_pos) <= $3
             ${search.q ? 'AND (title ILIKE $5 OR description ILIKE $5)' : ''}
           ORDER BY created_at DESC, id DESC
           LIMIT $4`,
    params: [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE, search.limit, ...(search.q ? [likePattern(search.q)] : [])],
  };
}

/** How many items in all lie within the radius (any status), to describe the case. */
export function withinRadiusCountQuery(search: FeedSearch): PreparedQuery {
  return {
    text: `SELECT count(*)::int AS n,
                  count(*) FILTER (WHERE listed AND expires_at > now())::int AS matching
           FROM items.items WHERE earth_distance(ll_to_earth($1, $2), earth_pos) <= $3`,
    params: [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE],
  };
}
