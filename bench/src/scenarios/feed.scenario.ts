import { RUN_MODES, ScenarioContext, Scenario } from '../scenario';
import { alreadySeeded, seedItems, SeedReport, SqlRunner, sqlRunner } from '../data/seed-items';
import { countCells, feedGrid, type FeedQuery } from '@curbside/items-service';
import { feedQuery, FeedSearch, groundTruthQuery, runFeed, withinRadiusCountQuery } from '../feed/feed-sql';
import { AppProcess } from '../harness/app-process';
import type { Pool } from 'pg';
import { connectAppDatabase, openPool, prepareDistributed, prepareEmbedded, startApp } from '../harness/environments';
import { BROWSER_HEADERS, getJson, proMemberAndId, runLoad } from '../harness/http-load';
import { profiled } from '../harness/cpu-profile';
import { cpuSnapshot, cpuUsedBetween, machineBusyMs, writesBetween } from '../harness/cpu-time';
import { progress } from '../harness/log';
import { round, summarize } from '../harness/stats';

/** Where the feed is asked from: a dense downtown point and a rural one with few items around. */
export const FEED_POINTS = [
  { name: 'dense', place: 'Manhattan, Times Square', lat: 40.758, lng: -73.9855 },
  { name: 'rural', place: 'Nebraska Sandhills', lat: 42.0, lng: -101.0 },
] as const;
export const FEED_RADII_MILES = [1, 5, 25, 100] as const;
const FEED_LIMIT = 50;
const POSTERS = 5000;

/**
 * A list the app answers for a position and radius (the feed, top finds): how the app is asked over HTTP,
 * the exact statement the items service runs for it, and a brute-force statement that says what it must return.
 */
export interface GeoList {
  name: string;
  summary: string;
  path(point: (typeof FEED_POINTS)[number], radiusMiles: number, q?: string): string;
  appQuery(search: FeedSearch): FeedQuery;
  truthQuery(search: FeedSearch): { text: string; params: unknown[] };
  /** Data the list needs beyond the seeded items (votes for top finds); runs before ANALYZE. */
  afterSeed?(db: SqlRunner): Promise<void>;
  /** Data the list needs on every run, a kept database's too (it must change nothing the second time). */
  prepare?(db: SqlRunner): Promise<void>;
  /** Search words (`q`): each point and radius once per word, named `… q=word`. */
  words?: readonly string[];
  /** Whether a dense point must fill a whole page (the feed does; top finds only has what was voted on). */
  denseFillsPage: boolean;
}

export interface FeedCase {
  name: string;
  point: (typeof FEED_POINTS)[number];
  search: FeedSearch;
  path: string;
}

export function feedCases(list: GeoList): FeedCase[] {
  return FEED_POINTS.flatMap((point) =>
    FEED_RADII_MILES.flatMap((radius) =>
      (list.words ?? [undefined]).map((q) => ({
        name: `${point.name} r=${radius}${q ? ` q=${q}` : ''}`,
        point,
        search: { lat: point.lat, lng: point.lng, radiusMiles: radius, limit: FEED_LIMIT, ...(q ? { q } : {}) },
        path: list.path(point, radius, q),
      })),
    ),
  );
}

/** What the database says each case must return, learnt before the app serves it. */
interface Expectation {
  /** Brute force: newest 50 available, unexpired items within the radius (full scan). */
  truthIds: string[];
  /** The feed SQL copied from the items service, run directly. */
  feedSqlIds: string[];
  inRadius: number;
  matching: number;
}

async function ids(db: SqlRunner, query: { text: string; params: unknown[] }): Promise<string[]> {
  const { rows } = await db.query(query.text, query.params);
  return rows.map((r) => String(r.id));
}

async function learnExpectations(db: SqlRunner, cases: FeedCase[], list: GeoList): Promise<Map<string, Expectation>> {
  const expectations = new Map<string, Expectation>();
  for (const c of cases) {
    const counts = (await db.query(withinRadiusCountQuery(c.search).text, withinRadiusCountQuery(c.search).params)).rows[0];
    const expectation: Expectation = {
      truthIds: await ids(db, list.truthQuery(c.search)),
      feedSqlIds: (await runFeed(db, list.appQuery(c.search))).map((r) => String(r.id)),
      inRadius: Number(counts?.n),
      matching: Number(counts?.matching),
    };
    expectations.set(c.name, expectation);
    progress(
      `  ${c.name.padEnd(12)} ${String(expectation.inRadius).padStart(7)} items within the radius, ${String(expectation.matching).padStart(6)} available and unexpired`,
    );
    if (list.denseFillsPage && c.point.name === 'dense' && expectation.truthIds.length !== FEED_LIMIT) {
      throw new Error(`the dataset has only ${expectation.truthIds.length} matching items for "${c.name}" (expected ${FEED_LIMIT}); use more --items`);
    }
    if (!sameList(expectation.feedSqlIds, expectation.truthIds)) {
      progress(
        `  WARNING ${c.name}: the feed SQL returns ${describeDifference(expectation.feedSqlIds, expectation.truthIds)} compared with a brute-force scan`,
      );
    }
  }
  return expectations;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function describeDifference(actual: readonly string[], expected: readonly string[]): string {
  const expectedSet = new Set(expected);
  const actualSet = new Set(actual);
  const missing = expected.filter((id) => !actualSet.has(id)).length;
  const extra = actual.filter((id) => !expectedSet.has(id)).length;
  return `${actual.length} rows (${missing} expected rows missing, ${extra} unexpected${missing === 0 && extra === 0 ? ', order differs' : ''})`;
}

/** Before measuring: every case answers 200 with a JSON array, and the same items as the feed SQL and brute force. */
async function verifyHttp(
  app: AppProcess,
  cases: FeedCase[],
  expectations: Map<string, Expectation>,
  list: GeoList,
  member: Record<string, string>,
): Promise<{ correct: Map<string, boolean>; responseBytes: Map<string, number>; encoding: Map<string, string | null> }> {
  const correct = new Map<string, boolean>();
  const responseBytes = new Map<string, number>();
  const encoding = new Map<string, string | null>();
  for (const c of cases) {
    const response = await getJson(`${app.baseUrl}${c.path}`, member);
    if (response.status !== 200) {
      throw new Error(`GET ${c.path} answered HTTP ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}`);
    }
    if (!Array.isArray(response.body)) throw new Error(`GET ${c.path} did not answer a JSON array: ${JSON.stringify(response.body).slice(0, 300)}`);
    const httpIds = response.body.map((item: unknown) => (typeof item === 'object' && item !== null && 'id' in item ? String(item.id) : '<item without id>'));
    const expected = expectations.get(c.name) as Expectation;
    if (list.denseFillsPage && c.point.name === 'dense' && httpIds.length !== FEED_LIMIT) {
      throw new Error(`GET ${c.path} returned ${httpIds.length} items, expected ${FEED_LIMIT} for a dense point`);
    }
    if (!sameList(httpIds, expected.feedSqlIds)) {
      throw new Error(
        `GET ${c.path} returned ${describeDifference(httpIds, expected.feedSqlIds)} compared with bench/src/feed/feed-sql.ts: ` +
          'the copy of the feed SQL no longer matches services/items (update it before trusting the "sql" layer)',
      );
    }
    const matchesTruth = sameList(httpIds, expected.truthIds);
    correct.set(c.name, matchesTruth);
    responseBytes.set(c.name, response.bytes);
    encoding.set(c.name, response.encoding);
    progress(
      `  ${c.name.padEnd(12)} HTTP 200, ${String(httpIds.length).padStart(2)} items in ${response.ms.toFixed(1)} ms, ${response.encoding ?? 'uncompressed'}${matchesTruth ? '' : `  WRONG: ${describeDifference(httpIds, expected.truthIds)} vs brute force`}`,
    );
  }
  return { correct, responseBytes, encoding };
}

/** The app's statement as it runs it, sequentially on one connection, with its plan. */
async function timeQuery(db: SqlRunner, query: FeedQuery, warmup: number, iterations: number) {
  for (let i = 0; i < warmup; i++) await runFeed(db, query);
  const samples: number[] = [];
  const started = performance.now();
  let lastIds: string[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const rows = await runFeed(db, query);
    samples.push(performance.now() - t0);
    if (i === iterations - 1) lastIds = rows.map((r) => String(r.id));
  }
  const elapsedS = (performance.now() - started) / 1000;
  const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, query.params);
  return {
    stats: summarize(samples),
    rps: round(iterations / elapsedS, 1),
    ids: lastIds,
    plan: plan.rows.map((r) => String(Object.values(r)[0])).join('\n'),
  };
}

/**
 * The app's statement from `connections` connections at once for `durationSeconds`, closed loop like the HTTP
 * load: the rate the database itself sustains at that concurrency, which the HTTP rate is compared with.
 */
async function timeQueryConcurrently(pool: Pool, query: FeedQuery, connections: number, durationSeconds: number) {
  const samples: number[] = [];
  const deadline = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        const db = sqlRunner(client);
        while (performance.now() < deadline) {
          const t0 = performance.now();
          await runFeed(db, query);
          samples.push(performance.now() - t0);
        }
      } finally {
        client.release();
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  return { stats: summarize(samples), rps: round(samples.length / elapsedS, 1), runs: samples.length };
}

async function measureSqlConcurrently(context: ScenarioContext, pool: Pool, cases: FeedCase[], engine: string, list: GeoList): Promise<void> {
  const { options } = context;
  progress(`${context.mode}: feed SQL on ${engine} at the HTTP concurrency: ${options.connections} connections, ${options.durationSeconds} s a case`);
  for (const c of cases) {
    const measured = await timeQueryConcurrently(pool, list.appQuery(c.search), options.connections, options.durationSeconds);
    context.report({
      items: options.items,
      layer: 'sql-concurrent',
      variant: 'app',
      engine,
      case: c.name,
      radius_mi: c.search.radiusMiles,
      p50_ms: measured.stats.p50_ms,
      p90_ms: measured.stats.p90_ms,
      p99_ms: measured.stats.p99_ms,
      max_ms: measured.stats.max_ms,
      rps: measured.rps,
      iterations: measured.runs,
      connections: options.connections,
      errors: 0,
    });
  }
}

async function measureSql(
  context: ScenarioContext,
  db: SqlRunner,
  cases: FeedCase[],
  expectations: Map<string, Expectation>,
  engine: string,
  list: GeoList,
  plans: Record<string, string>,
): Promise<void> {
  const { options } = context;
  const warmup = Math.min(20, Math.ceil(options.sqlIterations / 10));
  progress(`${context.mode}: bare feed SQL on ${engine}, ${options.sqlIterations} sequential runs a case (${warmup} warm-up)`);
  for (const c of cases) {
    const query = list.appQuery(c.search);
    const expectation = expectations.get(c.name) as Expectation;
    const measured = await timeQuery(db, query, warmup, options.sqlIterations);
    plans[c.name] = measured.plan;
    context.report({
      items: options.items,
      layer: 'sql',
      variant: 'app',
      engine,
      case: c.name,
      radius_mi: c.search.radiusMiles,
      returned: measured.ids.length,
      p50_ms: measured.stats.p50_ms,
      p90_ms: measured.stats.p90_ms,
      p99_ms: measured.stats.p99_ms,
      max_ms: measured.stats.max_ms,
      rps: measured.rps,
      iterations: options.sqlIterations,
      errors: 0,
      in_radius: expectation.inRadius,
      matches_brute_force: sameList(measured.ids, expectation.truthIds),
    });
  }
}

async function measureHttp(
  context: ScenarioContext,
  app: AppProcess,
  cases: FeedCase[],
  expectations: Map<string, Expectation>,
  verified: { correct: Map<string, boolean>; responseBytes: Map<string, number>; encoding: Map<string, string | null> },
  member: Record<string, string>,
): Promise<void> {
  const { options } = context;
  progress(`${context.mode}: HTTP load, ${options.connections} connections, ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s a case`);
  for (const c of cases) {
    const url = `${app.baseUrl}${c.path}`;
    if (options.warmupSeconds > 0) await runLoad({ url, connections: options.connections, durationSeconds: options.warmupSeconds, headers: member });
    const cpuBefore = cpuSnapshot(app);
    const machineBefore = machineBusyMs();
    const result = await profiled(app, `${context.mode}-${c.name.replace(/[ =]+/g, '')}`, () =>
      runLoad({ url, connections: options.connections, durationSeconds: options.durationSeconds, headers: member }),
    );
    const machineMs = machineBusyMs() - machineBefore;
    const cpuAfter = cpuSnapshot(app);
    const answered = Math.max(1, result.requests);
    // CPU each process of the app spent per answer: a figure the machine's other load inflates far less than the rates.
    const cpuPerRequest = Object.fromEntries(
      Object.entries(cpuUsedBetween(cpuBefore, cpuAfter)).map(([name, ms]) => [
        name.replace('cpu_ms_', 'cpu_us_per_request_'),
        Math.round((ms * 1000) / answered),
      ]),
    );
    // The write system calls each made per answer (socket writes, mostly, and the request log's lines).
    const writesPerRequest = Object.fromEntries(
      Object.entries(writesBetween(cpuBefore, cpuAfter)).map(([name, count]) => [
        name.replace('writes_', 'writes_per_request_'),
        Math.round((count * 100) / answered) / 100,
      ]),
    );
    if (!app.running) throw new Error(`the ${context.mode} app exited during "${c.name}"; last output:\n${app.recentOutput()}`);
    const expectation = expectations.get(c.name) as Expectation;
    context.report({
      items: options.items,
      layer: 'http',
      case: c.name,
      radius_mi: c.search.radiusMiles,
      returned: expectation.feedSqlIds.length,
      p50_ms: result.p50_ms,
      p90_ms: result.p90_ms,
      p99_ms: result.p99_ms,
      max_ms: result.max_ms,
      rps: result.rps,
      requests: result.requests,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      connections: options.connections,
      duration_s: result.duration_s,
      in_radius: expectation.inRadius,
      response_bytes: verified.responseBytes.get(c.name) ?? null,
      content_encoding: verified.encoding.get(c.name) ?? null,
      matches_brute_force: verified.correct.get(c.name) ?? null,
      ...cpuPerRequest,
      // Everything the machine did per answer: the app, its database and NATS server, and the load generator.
      machine_cpu_us_per_request: Math.round((machineMs * 1000) / answered),
      ...writesPerRequest,
    });
  }
}

function reportSeed(context: ScenarioContext, seed: SeedReport, analyzeMs: number, engine: string): void {
  context.report({
    items: seed.items,
    case: 'seed',
    layer: 'seed',
    engine,
    posters: seed.posters,
    seed_ms: seed.seed_ms,
    rows_per_s: seed.rows_per_s,
    analyze_ms: analyzeMs,
  });
  context.attach('dataset', seed.stats);
}

/**
 * The planner's figures for the new rows, and the visibility map autovacuum would soon set on a table just loaded (the
 * feed's walks read their cells in the index alone only where the map says so; migration 1764800000403).
 */
async function analyze(db: SqlRunner): Promise<number> {
  const started = performance.now();
  await db.query('VACUUM (ANALYZE) items.items');
  await db.query('ANALYZE items.posters');
  return Math.round(performance.now() - started);
}

/**
 * Either mode: start the app (it migrates), seed its database through a connection of the bench's own while it
 * runs (embedded: the app's own PostgreSQL), learn the right answers, check HTTP gives them, then time the bare
 * statement sequentially and at the HTTP concurrency, and load the app over HTTP.
 */
async function runMode(context: ScenarioContext, cases: FeedCase[], list: GeoList): Promise<void> {
  const { options, scope } = context;
  const environment =
    context.mode === 'embedded'
      ? prepareEmbedded(scope, { logLevel: options.logLevel, logFile: context.logFile })
      : await prepareDistributed(scope, { logLevel: options.logLevel, logFile: context.logFile, keepDatabase: options.keepDatabase });
  const app = await startApp(scope, environment);
  const database = await connectAppDatabase(scope, environment);
  const engine = context.mode === 'embedded' ? 'postgres (embedded)' : 'postgres';
  if (await alreadySeeded(database.db, options.items)) progress(`${context.mode}: the kept database already holds the items`);
  else {
    progress(`${context.mode}: seeding ${options.items.toLocaleString('en-US')} items`);
    const seed = await seedItems(database.db, {
      items: options.items,
      posters: POSTERS,
      seed: options.seed,
      now: new Date(),
      batchSize: 10_000,
      singleTransaction: false,
    });
    await list.afterSeed?.(database.db);
    const analyzeMs = await analyze(database.db);
    reportSeed(context, seed, analyzeMs, engine);
  }
  await list.prepare?.(database.db);
  // Searches up to 100 miles are the Pro plan's: the HTTP layer asks as a signed-in Pro member, and the bare statements
  // read as that member, as the items service runs them for a signed-in reader.
  const reader = await proMemberAndId(app.baseUrl, database.db);
  const member = { ...reader.headers, ...BROWSER_HEADERS };
  list = await asServed(database.db, list, reader.id);
  const expectations = await learnExpectations(database.db, cases, list);
  const verified = await verifyHttp(app, cases, expectations, list, member);
  // Case by case, the three layers back to back: on a shared machine the load changes over minutes, and the HTTP
  // rate is only comparable with a SQL rate measured next to it.
  const pool = openPool(scope, database.url, options.connections);
  const plans: Record<string, string> = {};
  for (const c of cases) {
    await measureSql(context, database.db, [c], expectations, engine, list, plans);
    await measureSqlConcurrently(context, pool, [c], engine, list);
    await measureHttp(context, app, [c], expectations, verified, member);
  }
  context.attach(`sql_plans_${engine.split(' ')[0]}`, plans);
}

/**
 * The list's statement as the items service runs it for the reader: with the cells it would read for each case (the
 * feed chooses them by the count of items per cell, cell-density.ts, taken here once from the same database) and the
 * reader's flags.
 */
async function asServed(db: SqlRunner, list: GeoList, viewerId: string): Promise<GeoList> {
  const counts = await countCells(async (text) => (await db.query(text)).rows as { cell: number; n: number }[]);
  return { ...list, appQuery: (search) => list.appQuery({ ...search, grid: feedGrid(search, counts), viewerId }) };
}

/** A scenario for one list: seed, learn the right answers, time the bare statement, then load it over HTTP. */
export function geoListScenario(list: GeoList): Scenario {
  return {
    name: list.name,
    summary: list.summary,
    modes: RUN_MODES,
    async run(context) {
      const cases = feedCases(list).filter((c) => !context.options.cases || context.options.cases.includes(c.name));
      if (cases.length === 0)
        throw new Error(
          `no case is named ${context.options.cases?.join(', ')}: the cases are ${feedCases(list)
            .map((c) => c.name)
            .join(', ')}`,
        );
      await runMode(context, cases, list);
    },
  };
}

export const feedScenario = geoListScenario({
  name: 'feed',
  summary: 'GET /api/items (newest 50 within r miles): dense and rural point × r = 1, 5, 25, 100 mi, HTTP and bare SQL',
  // limit left to its default (50), as the app's own client asks.
  path: (point, radius) => `/api/items?lat=${point.lat}&lng=${point.lng}&radius=${radius}`,
  appQuery: feedQuery,
  truthQuery: groundTruthQuery,
  denseFillsPage: true,
});
