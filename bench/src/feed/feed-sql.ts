import { EARTH_RADIUS_MILES, METERS_PER_MILE } from '@curbside/contracts';

/*
 * A copy of what the items service runs for GET /api/items, so the bench can time the bare SQL without
 * importing a service (the bench may only import libs). Keep in sync with:
 *   - services/items/src/items/geo-grid.rules.ts   (FINE_GRID, COARSE_GRID, gridFor, coveringCells)
 *   - services/items/src/items/items.repository.ts (ItemsRepository.feed: ITEM_COLUMNS and the SQL text)
 * The feed scenario checks this copy before measuring: for every case its rows must be the HTTP answer's ids,
 * in the same order.
 */

interface Grid {
  column: 'cell_fine' | 'cell_coarse';
  size: number;
  rows: number;
  cols: number;
}

const FINE_GRID: Grid = { column: 'cell_fine', size: 0.05, rows: 3600, cols: 7200 };
const COARSE_GRID: Grid = { column: 'cell_coarse', size: 0.5, rows: 360, cols: 720 };
const FINE_GRID_MAX_RADIUS_MILES = 5;
const DEGREES_PER_MILE = 180 / (Math.PI * EARTH_RADIUS_MILES);

export function gridFor(radiusMiles: number): Grid {
  return radiusMiles <= FINE_GRID_MAX_RADIUS_MILES ? FINE_GRID : COARSE_GRID;
}

const rowOf = (lat: number, g: Grid) => Math.min(Math.floor((lat + 90) / g.size), g.rows - 1);

export function coveringCells(lat: number, lng: number, radiusMiles: number, grid: Grid): number[] {
  const dLat = radiusMiles * DEGREES_PER_MILE * 1.001;
  const latMin = Math.max(-90, lat - dLat);
  const latMax = Math.min(90, lat + dLat);
  const nearestPole = Math.max(Math.abs(latMin), Math.abs(latMax));
  const cos = Math.cos((Math.min(nearestPole, 89.9) * Math.PI) / 180);
  const dLng = dLat / cos;
  const cells: number[] = [];
  const firstRow = rowOf(latMin, grid);
  const lastRow = rowOf(latMax, grid);
  const cols = new Set<number>();
  if (dLng >= 180 || nearestPole >= 89.9) {
    for (let c = 0; c < grid.cols; c++) cols.add(c);
  } else {
    const from = Math.floor((lng - dLng + 180) / grid.size);
    const to = Math.floor((lng + dLng + 180) / grid.size);
    for (let c = from; c <= to; c++) cols.add(((c % grid.cols) + grid.cols) % grid.cols);
  }
  for (let r = firstRow; r <= lastRow; r++) for (const c of cols) cells.push(r * grid.cols + c);
  return cells;
}

const ITEM_COLUMNS = `id, poster_id, title, description, category, image_url, status, claimed_by_id, pricing_type,
  custom_amount, time_limit, expires_at, created_at, lat, lng, earth_pos, location_description, is_scout_find,
  is_garage_sale, garage_sale_address, garage_sale_start_time, garage_sale_end_time, garage_sale_contact_info,
  interest_count, vote_count, still_there_count, last_still_there_check`;

export interface FeedSearch {
  lat: number;
  lng: number;
  radiusMiles: number;
  limit: number;
}

export interface PreparedQuery {
  text: string;
  params: unknown[];
}

/** The exact statement and parameters ItemsRepository.feed sends. */
export function feedQuery(search: FeedSearch): PreparedQuery {
  const grid = gridFor(search.radiusMiles);
  const cells = coveringCells(search.lat, search.lng, search.radiusMiles, grid);
  const radiusMeters = search.radiusMiles * METERS_PER_MILE;
  return {
    text: `WITH origin AS (SELECT ll_to_earth($1, $2) AS e)
       SELECT i.*, p.username AS poster_username, p.rank AS poster_rank, c.username AS claimer_username,
              earth_distance((SELECT e FROM origin), i.earth_pos) / ${METERS_PER_MILE} AS distance_miles
       FROM unnest($3::int[]) AS cell(id)
       CROSS JOIN LATERAL (
         SELECT ${ITEM_COLUMNS} FROM items.items it
         WHERE it.${grid.column} = cell.id
           AND it.status = 'available'
           AND it.expires_at > now()
           AND earth_distance((SELECT e FROM origin), it.earth_pos) <= $4
         ORDER BY it.created_at DESC, it.id DESC
         LIMIT $5
       ) i
       LEFT JOIN items.posters p ON p.user_id = i.poster_id
       LEFT JOIN items.posters c ON c.user_id = i.claimed_by_id
       ORDER BY i.created_at DESC, i.id DESC
       LIMIT $5`,
    params: [search.lat, search.lng, cells, radiusMeters, search.limit],
  };
}

/**
 * The answer the feed must give, by brute force (a full scan, no grid): the newest `limit` available,
 * unexpired items whose exact (earthdistance) distance is within the radius.
 */
export function groundTruthQuery(search: FeedSearch): PreparedQuery {
  return {
    text: `SELECT id FROM items.items
           WHERE status = 'available' AND expires_at > now()
             AND earth_distance(ll_to_earth($1, $2), earth_pos) <= $3
           ORDER BY created_at DESC, id DESC
           LIMIT $4`,
    params: [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE, search.limit],
  };
}

/** How many items in all lie within the radius (any status), to describe the case. */
export function withinRadiusCountQuery(search: FeedSearch): PreparedQuery {
  return {
    text: `SELECT count(*)::int AS n,
                  count(*) FILTER (WHERE status = 'available' AND expires_at > now())::int AS matching
           FROM items.items WHERE earth_distance(ll_to_earth($1, $2), earth_pos) <= $3`,
    params: [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE],
  };
}
