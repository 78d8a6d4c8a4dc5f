import { ITEM_CATEGORIES, searchWords } from '@curbside/contracts';
import { ItemToMatch, savedSearchMatchQuery } from '@curbside/items-service';
import { METROS, MILES_PER_DEGREE_LAT } from '../data/geography';
import { connectAppDatabase, prepareDistributed, prepareEmbedded, startApp } from '../harness/environments';
import { proMember } from '../harness/http-load';
import { progress, sleep } from '../harness/log';
import { round, summarize } from '../harness/stats';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

/** Words the seeded searches look for (one or two each); the posted items' titles draw on the same. */
const VOCABULARY = [
  'desk',
  'chair',
  'sofa',
  'table',
  'lamp',
  'bike',
  'crib',
  'stroller',
  'bookshelf',
  'dresser',
  'mirror',
  'rug',
  'tv',
  'monitor',
  'printer',
  'speaker',
  'guitar',
  'piano',
  'drill',
  'saw',
  'ladder',
  'mower',
  'grill',
  'planter',
  'books',
  'toys',
  'lego',
  'puzzle',
  'jacket',
  'boots',
  'coat',
  'kettle',
  'blender',
  'microwave',
  'plates',
  'pots',
  'oak',
  'wooden',
  'metal',
  'vintage',
  'kids',
  'office',
  'garden',
  'kitchen',
  'leather',
  'glass',
  'bed',
  'mattress',
  'crate',
  'bench',
];
/** Radii in miles, as members might pick them (most stay close); each search's plan is the smallest that allows it. */
const RADII = [1, 2, 5, 5, 5, 5, 10, 10, 25, 100];
const POINTS = {
  dense: { lat: METROS[0].lat, lng: METROS[0].lng },
  rural: { lat: 42.0, lng: -101.0 },
};
const ITEMS = [
  { name: 'common words', title: 'Solid oak desk', description: 'Wooden office desk with a chair, by the curb', category: 'Furniture' },
  { name: 'rare words', title: 'Theremin', description: 'Works, needs a cable', category: 'Electronics' },
];

/**
 * Saved-search matching at scale (docs/scaling.md, "Saved searches"): N searches (--items) gathered around the
 * metros (80 %) and spread over the country (20 %), then the statement a new item's reaction runs, timed bare, for a
 * dense and a rural spot and common and rare words; beside it the same statement without the reach index (a scan of
 * every search), which must find the same members. Last, one post over HTTP: its answer, and until every
 * saved_search_match alert is written.
 */
async function run(context: ScenarioContext): Promise<void> {
  const { options, scope } = context;
  const environment =
    context.mode === 'embedded'
      ? prepareEmbedded(scope, { logLevel: options.logLevel, logFile: context.logFile })
      : await prepareDistributed(scope, { logLevel: options.logLevel, logFile: context.logFile });
  const app = await startApp(scope, environment);
  const { db } = await connectAppDatabase(scope, environment);
  const n = options.items;

  progress(`${context.mode}: seeding ${n.toLocaleString('en-US')} saved searches and their members`);
  const seedStarted = performance.now();
  await seed(db, n);
  context.report({ items: n, case: 'seed', layer: 'seed', seed_ms: round(performance.now() - seedStarted, 0) });

  const posterId = '00000000-0000-4000-8000-000000000001';
  for (const [pointName, point] of Object.entries(POINTS)) {
    for (const item of ITEMS) {
      const toMatch: ItemToMatch = {
        itemId: posterId,
        posterId,
        category: item.category,
        publicLat: point.lat,
        publicLng: point.lng,
        words: searchWords(`${item.title} ${item.description}`),
      };
      for (const wantedOnly of [false, true]) {
        const query = savedSearchMatchQuery(toMatch, { wantedOnly });
        const timed = await time(db, query, options.sqlIterations);
        const scan = { text: query.text.replace('s.reach @> ll_to_earth($1, $2)', 'true'), params: query.params };
        const truth = await db.query(scan.text, scan.params);
        const scanTimed = await time(db, scan, Math.min(3, options.sqlIterations));
        const ids = (rows: Record<string, unknown>[]) =>
          rows
            .map((r) => String(r.saved_search_id))
            .sort()
            .join();
        const [{ candidates }] = (
          await db.query(`SELECT count(*)::int AS candidates FROM items.saved_searches WHERE reach @> ll_to_earth($1, $2)`, [point.lat, point.lng])
        ).rows as { candidates: number }[];
        const label = `${pointName}, ${item.name}${wantedOnly ? ', wanted posts only (the post answer)' : ''}`;
        context.report({
          items: n,
          case: label,
          layer: 'sql',
          ...timed.summary,
          matches: timed.rows.length,
          candidates,
          matches_brute_force: ids(timed.rows) === ids(truth.rows),
          scan_p50_ms: scanTimed.summary.p50_ms,
        });
        if (item === ITEMS[0]) {
          const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, query.params);
          context.attach(`plan ${label}`, plan.rows.map((r) => Object.values(r)[0]).join('\n'));
        }
      }
    }
  }

  progress(`${context.mode}: one post over HTTP at the dense spot, until every saved-search alert is written`);
  const member = await proMember(app.baseUrl, db);
  const started = performance.now();
  const posted = await fetch(`${app.baseUrl}/api/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...member },
    body: JSON.stringify({ title: ITEMS[0].title, description: ITEMS[0].description, category: 'Furniture', location: POINTS.dense }),
  });
  const answeredMs = round(performance.now() - started, 1);
  if (posted.status !== 201) throw new Error(`POST /api/items answered ${posted.status}: ${await posted.text()}`);
  const { id, wantedBy } = (await posted.json()) as { id: string; wantedBy: number };
  // Matched from the item's public position, as the reaction does.
  const [spot] = (await db.query(`SELECT public_lat, public_lng FROM items.items WHERE id = $1`, [id])).rows as { public_lat: number; public_lng: number }[];
  const words = searchWords(`${ITEMS[0].title} ${ITEMS[0].description}`);
  const matching = savedSearchMatchQuery(
    { itemId: id, posterId, category: 'Furniture', publicLat: spot.public_lat, publicLng: spot.public_lng, words },
    { wantedOnly: false },
  );
  const expected = (await db.query(matching.text, matching.params)).rows.length;
  let written = 0;
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM notifications.notifications WHERE type = 'saved_search_match' AND data::jsonb ->> 'itemId' = $1`,
      [id],
    );
    written = Number(rows[0].n);
    if (written >= expected) break;
    if (performance.now() - started > 120_000) throw new Error(`only ${written} of about ${expected} alerts after 120 s`);
    await sleep(20);
  }
  context.report({
    items: n,
    case: 'post → every saved_search_match alert written',
    layer: 'http',
    post_answer_ms: answeredMs,
    wanted_by: wantedBy,
    alerts: written,
    alerts_written_ms: round(performance.now() - started, 0),
  });
  if (!app.running) throw new Error(`the ${context.mode} app exited; last output:\n${app.recentOutput()}`);
}

/** Sequential runs of a statement after a few unmeasured ones; the last run's rows. */
async function time(
  db: { query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> },
  query: { text: string; params: unknown[] },
  iterations: number,
) {
  let rows: Record<string, unknown>[] = [];
  for (let i = 0; i < Math.min(20, Math.ceil(iterations / 10)); i++) await db.query(query.text, query.params);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    rows = (await db.query(query.text, query.params)).rows;
    samples.push(performance.now() - t);
  }
  return { summary: summarize(samples), rows };
}

/** A version-4 UUID made from a hash of `text` (SQL), so the app's schemas accept it in events. */
const uuidOf = (text: string) => `(overlay(overlay(md5(${text}) placing '4' from 13 for 1) placing '8' from 17 for 1))::uuid`;

/** Deterministic searches (hashes of the row number), one member each, whose plan allows the search's radius. */
async function seed(db: { query(sql: string, params?: unknown[]): Promise<unknown> }, n: number): Promise<void> {
  const metros = JSON.stringify(METROS.map((m) => ({ lat: m.lat, lng: m.lng, spread: m.spreadMiles * 3 })));
  await db.query(
    `WITH r AS (
       SELECT i, ${uuidOf(`'saved-search' || i`)} AS id, ${uuidOf(`'saved-search-member' || i`)} AS user_id,
              (abs(hashtext('m' || i)) % 100) < 80 AS clustered,
              ($2::jsonb -> (abs(hashtext('c' || i)) % jsonb_array_length($2::jsonb))) AS metro,
              ((abs(hashtext('x' || i)) % 20001) / 10000.0 - 1) AS dx, ((abs(hashtext('y' || i)) % 20001) / 10000.0 - 1) AS dy,
              ($3::float8[])[1 + abs(hashtext('r' || i)) % array_length($3::float8[], 1)] AS radius,
              ARRAY(SELECT DISTINCT ($4::text[])[1 + abs(hashtext('w' || i || '-' || k)) % array_length($4::text[], 1)]
                    FROM generate_series(1, 1 + abs(hashtext('k' || i)) % 2) k) AS words,
              CASE WHEN abs(hashtext('g' || i)) % 5 = 0 THEN ($5::text[])[1 + abs(hashtext('h' || i)) % array_length($5::text[], 1)] END AS category,
              abs(hashtext('p' || i)) % 8 = 0 AS is_public
       FROM generate_series(1, $1) i)
     INSERT INTO items.saved_searches (id, user_id, query, words, category, radius_miles, lat, lng, is_public, created_at)
     SELECT id, user_id, array_to_string(words, ' '), words, category, radius,
            CASE WHEN clustered THEN (metro ->> 'lat')::float8 + dy * (metro ->> 'spread')::float8 / ${MILES_PER_DEGREE_LAT}
                 ELSE 24.5 + (dy + 1) / 2 * 25 END,
            CASE WHEN clustered THEN (metro ->> 'lng')::float8 + dx * (metro ->> 'spread')::float8 / ${MILES_PER_DEGREE_LAT} / cos(radians((metro ->> 'lat')::float8))
                 ELSE -125 + (dx + 1) / 2 * 58.5 END,
            is_public, now() - make_interval(secs => i)
     FROM r`,
    [n, metros, RADII, VOCABULARY, [...ITEM_CATEGORIES]],
  );
  await db.query(
    `INSERT INTO items.posters (user_id, username, subscription_tier)
     SELECT user_id, 'member-' || left(user_id::text, 8),
            CASE WHEN radius_miles > 25 THEN 'pro' WHEN radius_miles > 10 THEN 'premium' WHEN radius_miles > 5 THEN 'basic' ELSE 'free' END
     FROM items.saved_searches ON CONFLICT DO NOTHING`,
  );
  await db.query('ANALYZE items.saved_searches');
  await db.query('ANALYZE items.posters');
}

export const savedSearchesScenario: Scenario = {
  name: 'saved-searches',
  summary:
    'saved-search matching for a new item over N searches (--items): the indexed statement vs a scan, dense/rural, common/rare words; one post until every alert is written',
  modes: RUN_MODES,
  run,
};
