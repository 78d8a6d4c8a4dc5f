import { FeedQuery as FeedRequest, METERS_PER_MILE, SPOTLIGHTS_FIRST_IN_FEED } from '@curbside/contracts';
import { coveringCells, gridFor } from './geo-grid.rules';
import { itemViewColumns, posterJoins } from './item-row';
import { MAY_BE_GONE_HOURS } from './item.mapper';

export interface FeedSearch {
  lat: number;
  lng: number;
  radiusMiles: number;
  limit: number;
  /** Decoded cursor: strictly older than this (created_at in µs since the epoch, then id). */
  before?: { createdAtMicros: string; id: string };
  q?: string;
  category?: string;
  kind?: FeedRequest['kind'];
  /** Only items confirmed within MAY_BE_GONE_HOURS (garage sales follow their schedule and always pass). */
  recentlyConfirmed?: boolean;
}

export interface FeedQuery {
  text: string;
  params: unknown[];
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The feed's conditions on `it` (the search circle on the public position, the filters, the cursor), parameters appended. */
function feedConditions(search: FeedSearch, params: unknown[]): string {
  const param = (value: unknown) => `$${params.push(value)}`;
  const filters: string[] = [];
  if (search.before) {
    filters.push(`(it.created_at, it.id) < (to_timestamp(${param(search.before.createdAtMicros)}::numeric / 1000000), ${param(search.before.id)}::uuid)`);
  }
  if (search.category) filters.push(`it.category = ${param(search.category)}`);
  if (search.kind === 'items') filters.push('NOT it.is_garage_sale');
  if (search.kind === 'garage_sales') filters.push('it.is_garage_sale');
  if (search.recentlyConfirmed) filters.push(`(it.is_garage_sale OR it.last_confirmed_at > now() - make_interval(hours => ${MAY_BE_GONE_HOURS}))`);
  if (search.q) {
    const pattern = param(likePattern(search.q));
    filters.push(`(it.title ILIKE ${pattern} OR it.description ILIKE ${pattern})`);
  }
  return ['it.listed', 'it.expires_at > now()', 'earth_distance(ll_to_earth($1, $2), it.earth_pos) <= $3', ...filters].join(' AND ');
}

/**
 * The feed statement: one branch per covering grid cell, each a newest-first index scan of the partial
 * (cell, created_at DESC, id DESC) index with its own LIMIT, combined with UNION ALL under one ORDER BY ...
 * LIMIT. PostgreSQL answers that with a Merge Append that pulls rows from the cells lazily and stops at the
 * limit: about `limit` rows plus one probe per cell, however dense or wide the search. (Without the per-branch
 * LIMIT the planner sorts every cell whole: 400 ms at 1M items; with a LATERAL per cell, every cell returns a
 * whole page: 20–50 ms.) Filters (distance, text,
 * category, kind, cursor) apply inside each branch. The item view is built for the final rows only.
 * The bench times this very function.
 */
export function feedQuery(search: FeedSearch): FeedQuery {
  const grid = gridFor(search.radiusMiles);
  const params: unknown[] = [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE, search.limit];
  const conditions = feedConditions(search, params);
  // Cell numbers are computed here, never taken from the request: safe to write into the statement.
  const branches = coveringCells(search.lat, search.lng, search.radiusMiles, grid).map(
    (cell) =>
      `(SELECT it.id, it.created_at, it.earth_pos FROM items.items it WHERE it.${grid.column} = ${Math.trunc(cell)} AND ${conditions}
        ORDER BY it.created_at DESC, it.id DESC LIMIT $4)`,
  );
  return {
    text: `WITH newest AS (
         SELECT cand.id, cand.created_at, earth_distance(ll_to_earth($1, $2), cand.earth_pos) / ${METERS_PER_MILE} AS distance_miles
         FROM (${branches.join('\n           UNION ALL ')}) cand
         ORDER BY cand.created_at DESC, cand.id DESC
         LIMIT $4
       )
       SELECT ${itemViewColumns('i')}, n.distance_miles,
              (extract(epoch FROM n.created_at) * 1000000)::bigint::text AS sort_micros
       FROM newest n
       JOIN items.items i ON i.id = n.id
       ${posterJoins('i')}
       ORDER BY n.created_at DESC, n.id DESC`,
    params,
  };
}

/**
 * The first page's spotlights (docs/product-rules.md, "Perks"): the newest running spotlights whose post is available
 * within the circle and passes the same filters, at most SPOTLIGHTS_FIRST_IN_FEED. A statement of its own, sent beside
 * the feed statement, so the feed's plan stays exactly as the bench measures it; few spotlights run at a time, and
 * spotlights_running finds them.
 */
export function spotlightsQuery(search: FeedSearch): FeedQuery {
  const params: unknown[] = [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE];
  const conditions = feedConditions({ ...search, before: undefined }, params);
  return {
    text: `WITH spot AS (
         SELECT it.id, max(s.started_at) AS spotlight_at
         FROM items.spotlights s JOIN items.items it ON it.id = s.item_id
         WHERE s.ends_at > now() AND it.status = 'available' AND ${conditions}
         GROUP BY it.id
         ORDER BY max(s.started_at) DESC, it.id DESC
         LIMIT ${SPOTLIGHTS_FIRST_IN_FEED}
       )
       SELECT ${itemViewColumns('i')}, earth_distance(ll_to_earth($1, $2), i.earth_pos) / ${METERS_PER_MILE} AS distance_miles, spot.spotlight_at,
              (extract(epoch FROM i.created_at) * 1000000)::bigint::text AS sort_micros
       FROM spot
       JOIN items.items i ON i.id = spot.id
       ${posterJoins('i')}
       ORDER BY spot.spotlight_at DESC, i.id DESC`,
    params,
  };
}

/** Top finds: items with votes on their local today within the radius, most votes first, ties newest first. */
export function topFindsQuery(search: { lat: number; lng: number; radiusMiles: number; limit: number }): FeedQuery {
  const grid = gridFor(search.radiusMiles);
  return {
    text: `WITH ranked AS (
         SELECT it.id, it.vote_count, it.created_at, earth_distance(ll_to_earth($1, $2), it.earth_pos) / ${METERS_PER_MILE} AS distance_miles
         FROM items.items it
         WHERE it.${grid.column} = ANY($3::int[])
           AND it.listed
           AND it.vote_count > 0
           -- index range first (a local day is within a day of UTC), the exact local day next
           AND it.votes_date >= (now() AT TIME ZONE 'UTC')::date - 1
           AND it.votes_date = (now() AT TIME ZONE it.time_zone)::date
           AND it.expires_at > now()
           AND earth_distance(ll_to_earth($1, $2), it.earth_pos) <= $4
         ORDER BY it.vote_count DESC, it.created_at DESC, it.id DESC
         LIMIT $5
       )
       SELECT ${itemViewColumns('i')}, r.distance_miles
       FROM ranked r
       JOIN items.items i ON i.id = r.id
       ${posterJoins('i')}
       ORDER BY r.vote_count DESC, r.created_at DESC, r.id DESC`,
    params: [search.lat, search.lng, coveringCells(search.lat, search.lng, search.radiusMiles, grid), search.radiusMiles * METERS_PER_MILE, search.limit],
  };
}
