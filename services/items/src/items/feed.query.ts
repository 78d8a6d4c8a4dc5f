import { METERS_PER_MILE } from '@curbside/contracts';
import { coveringCells, gridFor } from './geo-grid.rules';

export interface FeedSearch {
  lat: number;
  lng: number;
  radiusMiles: number;
  limit: number;
}

export interface FeedQuery {
  /** Run with SET LOCAL in the query's own transaction. */
  settings: string[];
  text: string;
  params: unknown[];
}

/**
 * The feed statement: each covering cell is walked newest-first on its partial (cell, created_at DESC) index
 * and stops at `limit`; the cells are merged; posters are joined to the final rows only.
 *
 * Bitmap scans are off for this statement: the planner expects a handful of rows per cell and would read a
 * dense cell whole and sort it (5–17x slower at 100k–1M items, bench/README.md; STACK.md saw the same).
 * The bench times this very function.
 */
export function feedQuery(search: FeedSearch): FeedQuery {
  const grid = gridFor(search.radiusMiles);
  return {
    settings: ['SET LOCAL enable_bitmapscan = off'],
    text: `WITH newest AS (
         SELECT i.*, earth_distance(ll_to_earth($1, $2), i.earth_pos) / ${METERS_PER_MILE} AS distance_miles
         FROM unnest($3::int[]) AS cell(id)
         CROSS JOIN LATERAL (
           SELECT * FROM items.items it
           WHERE it.${grid.column} = cell.id
             AND it.status = 'available'
             AND it.expires_at > now()
             AND earth_distance(ll_to_earth($1, $2), it.earth_pos) <= $4
           ORDER BY it.created_at DESC, it.id DESC
           LIMIT $5
         ) i
         ORDER BY i.created_at DESC, i.id DESC
         LIMIT $5
       )
       SELECT n.*, p.username AS poster_username, p.rank AS poster_rank, c.username AS claimer_username
       FROM newest n
       LEFT JOIN items.posters p ON p.user_id = n.poster_id
       LEFT JOIN items.posters c ON c.user_id = n.claimed_by_id
       ORDER BY n.created_at DESC, n.id DESC`,
    params: [search.lat, search.lng, coveringCells(search.lat, search.lng, search.radiusMiles, grid), search.radiusMiles * METERS_PER_MILE, search.limit],
  };
}
