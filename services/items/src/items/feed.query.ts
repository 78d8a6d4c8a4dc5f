import { FeedQuery as FeedRequest, METERS_PER_MILE, SPOTLIGHTS_FIRST_IN_FEED } from '@curbside/contracts';
import { earthDistanceSql, type Statement } from '@curbside/platform';
import { cellsMeetingCircle, Grid, gridFor } from './geo-grid.rules';
import { itemViewColumns, posterJoins, viewerFlagColumns } from './item-row';
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
  /** The cells to read (feedGrid, cell-density.ts); gridFor(radiusMiles) when not said. Either gives the same page. */
  grid?: Grid;
  /** The signed-in reader: each row then also says what they did to the item (viewerFlagColumns). */
  viewerId?: string;
}

/**
 * A list's statement, run by queryPrepared. `planForValues` is always said: a search's words are planned for every
 * time, since only the pattern tells the planner whether the trigram indexes find its matches fast (a generic plan
 * walked all of a million items for a word no item holds: 834 ms against 7 ms).
 */
export interface FeedQuery extends Statement {
  planForValues: boolean;
}

/** `%text%` for LIKE and ILIKE, with `%`, `_` and backslashes in the text taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What joins the title and the description in `search_text`, the lower-cased copy of both the text search reads
 * (migration 1764700000402). For PostgreSQL `a ILIKE p` is `lower(a) LIKE lower(p)`, so `search_text LIKE lower(p)`
 * keeps exactly the rows `title ILIKE p OR description ILIKE p` keeps, as long as no match can run across the two:
 * only words holding the separator could, and for those the two columns are asked as well.
 */
export const SEARCH_TEXT_SEPARATOR = '\x1f';

/** The feed's conditions on `it`, parameters appended: the cursor and the text apart, as a search walks and falls back on them. */
interface FeedConditions {
  /** Listed, unexpired, within the circle (the public position), and the category, kind and freshness filters. */
  filters: string[];
  /** Strictly older than the cursor. */
  cursor?: string;
  /** The search words in the title or the description, in any case. */
  text?: string;
}

/**
 * The searcher's point as an earth position, computed once per run of the statement (a sub-select PostgreSQL runs
 * once): a prepared statement's generic plan cannot fold `ll_to_earth($1, $2)` into a constant as a plan made for the
 * values does, and would compute it again for every row it filters (twice the feed's execution time in a city).
 */
const HERE = '(SELECT ll_to_earth($1, $2))';

/**
 * `position` within `radius` meters of HERE: the rows `earth_distance(HERE, position) <= radius` keeps, for a fraction
 * of its cost. earth_distance is the great-circle length of the chord cube_distance measures (sec_to_gc), and one grows
 * with the other, so the chord is compared with the radius's own chord, worked out once per run on the database's
 * earth(). earth_distance itself casts the `cube` column to the `earth` domain for every row it reads, and the domain's
 * checks made it about twenty times dearer per row than cube_distance: the rows a cell's walk reads outside the circle
 * paid it too (bench/README.md, "The distance test").
 */
const withinRadius = (position: string, radius: string) => `cube_distance(${HERE}, ${position}) <= (SELECT 2 * earth() * sin(${radius} / (2 * earth())))`;

function feedConditions(search: FeedSearch, params: unknown[]): FeedConditions {
  const param = (value: unknown) => `$${params.push(value)}`;
  const filters = ['it.listed', 'it.expires_at > now()', withinRadius('it.earth_pos', '$3')];
  const cursor = search.before
    ? `(it.created_at, it.id) < (to_timestamp(${param(search.before.createdAtMicros)}::numeric / 1000000), ${param(search.before.id)}::uuid)`
    : undefined;
  if (search.category) filters.push(`it.category = ${param(search.category)}`);
  if (search.kind === 'items') filters.push('NOT it.is_garage_sale');
  if (search.kind === 'garage_sales') filters.push('it.is_garage_sale');
  if (search.recentlyConfirmed) filters.push(`(it.is_garage_sale OR it.last_confirmed_at > now() - make_interval(hours => ${MAY_BE_GONE_HOURS}))`);
  let text: string | undefined;
  if (search.q) {
    const pattern = param(likePattern(search.q));
    const inCopy = `it.search_text LIKE lower(${pattern})`;
    // Words holding the separator may match across the join: the copy still narrows the rows through its index
    // (what either column holds, the copy holds), and the two columns decide.
    text = search.q.includes(SEARCH_TEXT_SEPARATOR) ? `(${inCopy} AND (it.title ILIKE ${pattern} OR it.description ILIKE ${pattern}))` : inCopy;
  }
  return { filters, cursor, text };
}

const allOf = (conditions: FeedConditions) =>
  [...conditions.filters, ...(conditions.cursor ? [conditions.cursor] : []), ...(conditions.text ? [conditions.text] : [])].join(' AND ');

/** A search whose words have fewer matches than this among all items takes them straight from the trigram indexes. */
export const RARE_WORD_MATCHES = 100;
/**
 * Rows a search walks newest-first, shared out evenly between the covering cells: a short walk first, a long one once
 * the words are known not to be rare. The long walk costs about what the trigram step it may spare costs in a dense
 * city, so a search that needs both pays at most about twice the better of the two (bench/README.md, "Scenario
 * `feed-search`").
 */
export const SEARCH_WALK_ROWS = { short: 400, long: 12_000 } as const;

/**
 * The signed-in reader's flags on each row of a list, parameter appended: said by the list's own statement, not by a
 * second one after it (a round trip of its own for every page a member reads).
 */
const viewerColumns = (search: FeedSearch, params: unknown[]) =>
  search.viewerId ? `,\n              ${viewerFlagColumns('i', `$${params.push(search.viewerId)}`)}` : '';

/**
 * The feed statement: one branch per covering grid cell, each a newest-first index scan of the partial
 * (cell, created_at DESC, id DESC) index with its own LIMIT, combined with UNION ALL under one ORDER BY ...
 * LIMIT. PostgreSQL answers that with a Merge Append that pulls rows from the cells lazily and stops at the
 * limit: about `limit` rows plus one probe per cell, however dense or wide the search. The index also carries what
 * the branch tests besides the cell (the expiry, the position, the kind and the freshness: migration
 * 1764800000403, which also gives garage sales indexes of their own), so a branch tests the rows it reads in the
 * index alone where the visibility map allows, and fetches from the table only the page's rows; a category filter
 * reads its rows from the table. (Without the per-branch
 * LIMIT the planner sorts every cell whole: 400 ms at 1M items; with a LATERAL per cell, every cell returns a
 * whole page: 20–50 ms.) Filters (distance, category, kind, cursor) apply inside each branch. The item view is
 * built for the final rows only. A search (`q`) has a statement of its own, searchStatement.
 * The bench times this very function.
 */
export function feedQuery(search: FeedSearch): FeedQuery {
  const grid = search.grid ?? gridFor(search.radiusMiles);
  const params: unknown[] = [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE, search.limit];
  const conditions = feedConditions(search, params);
  // Cell numbers are parameters, so the text depends only on the search's shape (how many cells, which filters) and
  // each connection prepares it once (queryPrepared).
  const cells = cellsMeetingCircle(search.lat, search.lng, search.radiusMiles, grid).map((cell) => `$${params.push(Math.trunc(cell))}::int`);
  const newest = conditions.text
    ? searchStatement(grid.column, cells, conditions, /[\p{L}\p{N}]{3}/u.test(search.q ?? ''))
    : `SELECT cand.id, cand.created_at
         FROM (${cells
           .map(
             (cell) =>
               `(SELECT it.id, it.created_at FROM items.items it WHERE it.${grid.column} = ${cell} AND ${allOf(conditions)}
        ORDER BY it.created_at DESC, it.id DESC LIMIT $4)`,
           )
           .join('\n           UNION ALL ')}) cand
         ORDER BY cand.created_at DESC, cand.id DESC
         LIMIT $4`;
  return {
    text: `WITH newest AS (${newest})
       SELECT ${itemViewColumns('i')}, ${earthDistanceSql(HERE, 'i.earth_pos')} / ${METERS_PER_MILE} AS distance_miles,
              (extract(epoch FROM n.created_at) * 1000000)::bigint::text AS sort_micros${viewerColumns(search, params)}
       FROM newest n
       JOIN items.items i ON i.id = n.id
       ${posterJoins('i')}
       ORDER BY n.created_at DESC, n.id DESC`,
    params,
    planForValues: conditions.text !== undefined,
  };
}

/**
 * A search's newest matches (`id`, `created_at`). Which index finds them fast depends on how often the words occur
 * among the newest items of the circle, which the planner cannot know (its estimates for the words come from a sample of the
 * whole table, and a word is not spread evenly over places and time): walking a cell newest-first finds a common word
 * in a few rows but reads the whole cell for a rare one; the trigram indexes find a rare word in a few rows but recheck
 * every match of the cells, thousands, for a common one (in every cell's branch, as this statement did before). So the
 * statement finds out as it runs, each step a branch under one-time filters that PostgreSQL evaluates, left to right
 * and only when reached, before it starts the branch:
 * 1. `short_walk`: the cells newest-first, SEARCH_WALK_ROWS.short rows in all, under the feed's lazy Merge Append; a
 *    cell's walk that runs out of rows hands on its last row marked `unfinished`. With no such mark among the first
 *    `limit` rows, every cell was walked past the page's oldest match or to its end: those rows are the page.
 * 2. Only if the short walk met no match at all, `matching`: the items anywhere whose title or description holds the
 *    words, through the trigram indexes, at most RARE_WORD_MATCHES of them. Fewer than that is all of them: the page
 *    is those that pass the filters. (Words without three letters or digits in a row give the trigram indexes nothing
 *    to look up: not tried.)
 * 3. `long_walk`: step 1 with SEARCH_WALK_ROWS.long rows in all.
 * 4. The cells' matches through the trigram indexes (and the cells' index where the planner sees fit) in one scan,
 *    sorted.
 * Each step applies every condition of the feed and its order, so all four give the same page and the same cursor.
 */
function searchStatement(cellColumn: string, cells: string[], conditions: FeedConditions, probe: boolean): string {
  const walk = (budget: number, rows = Math.ceil(budget / cells.length)) =>
    `SELECT cand.id, cand.created_at, cand.hit, cand.unfinished
           FROM (${cells
             .map(
               (cell) => `(SELECT w.id, w.created_at, w.hit, w.n = ${rows} AS unfinished
                  FROM (SELECT it.id, it.created_at, (${[...conditions.filters, conditions.text].join(' AND ')}) AS hit,
                               row_number() OVER (ORDER BY it.created_at DESC, it.id DESC) AS n
                        FROM items.items it
                        WHERE it.${cellColumn} = ${cell} AND it.listed${conditions.cursor ? ` AND ${conditions.cursor}` : ''}
                        ORDER BY it.created_at DESC, it.id DESC
                        LIMIT ${rows}) w
                  WHERE w.hit OR w.n = ${rows}
                  ORDER BY w.created_at DESC, w.id DESC
                  LIMIT $4)`,
             )
             .join('\n             UNION ALL ')}) cand
           ORDER BY cand.created_at DESC, cand.id DESC
           LIMIT $4`;
  const unfinished = (walked: string) => `EXISTS (SELECT 1 FROM ${walked} WHERE unfinished)`;
  const rare = probe ? `NOT EXISTS (SELECT 1 FROM short_walk WHERE hit) AND (SELECT count(*) FROM matching) < ${RARE_WORD_MATCHES}` : 'false';
  const steps = [
    `SELECT id, created_at FROM short_walk WHERE NOT ${unfinished('short_walk')}`,
    ...(probe
      ? [
          `(SELECT it.id, it.created_at FROM matching m JOIN items.items it ON it.id = m.id
          WHERE ${[unfinished('short_walk'), rare, allOf(conditions)].join(' AND ')}
          ORDER BY it.created_at DESC, it.id DESC
          LIMIT $4)`,
        ]
      : []),
    `SELECT id, created_at FROM long_walk WHERE ${[unfinished('short_walk'), `NOT (${rare})`, `NOT ${unfinished('long_walk')}`].join(' AND ')}`,
    `(SELECT it.id, it.created_at FROM items.items it
          WHERE ${[unfinished('short_walk'), `NOT (${rare})`, unfinished('long_walk'), `it.${cellColumn} IN (${cells.join(', ')})`, allOf(conditions)].join(' AND ')}
          ORDER BY it.created_at DESC, it.id DESC
          LIMIT $4)`,
  ];
  return `WITH short_walk AS MATERIALIZED (${walk(SEARCH_WALK_ROWS.short)}),
         ${probe ? `matching AS MATERIALIZED (SELECT it.id FROM items.items it WHERE ${conditions.text} LIMIT ${RARE_WORD_MATCHES}),\n         ` : ''}long_walk AS MATERIALIZED (${walk(SEARCH_WALK_ROWS.long)})
         ${steps.join('\n         UNION ALL\n         ')}`;
}

/**
 * The first page's spotlights (docs/product-rules.md, "Perks"): the newest running spotlights whose post is available
 * within the circle and passes the same filters, at most SPOTLIGHTS_FIRST_IN_FEED. A statement of its own, sent beside
 * the feed statement, so the feed's plan stays exactly as the bench measures it; few spotlights run at a time, and
 * spotlights_running finds them. Its planning costs more than running it, so it is sent only when a spotlight runs
 * in the circle (RunningSpotlights).
 */
export function spotlightsQuery(search: FeedSearch): FeedQuery {
  const params: unknown[] = [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE];
  const conditions = allOf(feedConditions({ ...search, before: undefined }, params));
  return {
    text: `WITH spot AS (
         SELECT it.id, max(s.started_at) AS spotlight_at
         FROM items.spotlights s JOIN items.items it ON it.id = s.item_id
         WHERE s.ends_at > now() AND it.status = 'available' AND ${conditions}
         GROUP BY it.id
         ORDER BY max(s.started_at) DESC, it.id DESC
         LIMIT ${SPOTLIGHTS_FIRST_IN_FEED}
       )
       SELECT ${itemViewColumns('i')}, ${earthDistanceSql(HERE, 'i.earth_pos')} / ${METERS_PER_MILE} AS distance_miles, spot.spotlight_at,
              (extract(epoch FROM i.created_at) * 1000000)::bigint::text AS sort_micros${viewerColumns(search, params)}
       FROM spot
       JOIN items.items i ON i.id = spot.id
       ${posterJoins('i')}
       ORDER BY spot.spotlight_at DESC, i.id DESC`,
    params,
    planForValues: search.q !== undefined && search.q !== '',
  };
}

/**
 * Top finds: items with votes on their local today within the radius, most votes from established members first
 * (counted_votes: verified, or an account over a day old), ties newest first.
 */
export function topFindsQuery(search: { lat: number; lng: number; radiusMiles: number; limit: number }): FeedQuery {
  const grid = gridFor(search.radiusMiles);
  return {
    text: `WITH ranked AS (
         SELECT it.id, it.counted_votes, it.created_at, ${earthDistanceSql(HERE, 'it.earth_pos')} / ${METERS_PER_MILE} AS distance_miles
         FROM items.items it
         WHERE it.${grid.column} = ANY($3::int[])
           AND it.listed
           -- vote_count > 0 as well: the items_top_* indexes hold those rows only
           AND it.vote_count > 0
           AND it.counted_votes > 0
           -- index range first (a local day is within a day of UTC), the exact local day next
           AND it.votes_date >= (now() AT TIME ZONE 'UTC')::date - 1
           AND it.votes_date = (now() AT TIME ZONE it.time_zone)::date
           AND it.expires_at > now()
           AND ${withinRadius('it.earth_pos', '$4')}
         ORDER BY it.counted_votes DESC, it.created_at DESC, it.id DESC
         LIMIT $5
       )
       SELECT ${itemViewColumns('i')}, r.distance_miles
       FROM ranked r
       JOIN items.items i ON i.id = r.id
       ${posterJoins('i')}
       ORDER BY r.counted_votes DESC, r.created_at DESC, r.id DESC`,
    params: [search.lat, search.lng, cellsMeetingCircle(search.lat, search.lng, search.radiusMiles, grid), search.radiusMiles * METERS_PER_MILE, search.limit],
    planForValues: false,
  };
}
