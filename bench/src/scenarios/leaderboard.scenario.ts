import { leaderboardQuery } from '@curbside/rewards-service';
import type { Pool } from 'pg';
import { connectAppDatabase, openPool, prepareDistributed, prepareEmbedded, startApp } from '../harness/environments';
import { getJson, runLoad } from '../harness/http-load';
import { progress } from '../harness/log';
import { round, summarize } from '../harness/stats';
import type { SqlRunner } from '../data/seed-items';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

interface LeaderboardCase {
  name: string;
  limit: number;
  /** Start after this many members (a keyset cursor taken from the data), or at the top. */
  skip: number;
}

const CASES: LeaderboardCase[] = [
  { name: 'top 100', limit: 100, skip: 0 },
  { name: 'top 10', limit: 10, skip: 0 },
  { name: 'page of 100 after 10,000', limit: 100, skip: 10_000 },
];

/**
 * Members' balances straight into the rewards tables, from generate_series (points skewed like a real
 * community: most members have a few dozen, a few have thousands), with usernames and a scout flag.
 */
async function seedMembers(db: SqlRunner, members: number): Promise<number> {
  const started = performance.now();
  const batch = 250_000;
  for (let from = 1; from <= members; from += batch) {
    const to = Math.min(members, from + batch - 1);
    await db.query(
      `INSERT INTO rewards.balances (user_id, points, earned, badges, version)
       SELECT md5('member' || i)::uuid, e, e,
              CASE WHEN e >= 250 THEN ARRAY['First Post Badge', 'Explorer Badge'] WHEN e >= 20 THEN ARRAY['First Post Badge'] ELSE '{}' END,
              1 + e / 10
       FROM (SELECT i, floor(power((abs(hashtext('points' || i)) % 10000) / 10000.0, 4) * 5000)::int AS e FROM generate_series($1::int, $2::int) i) s`,
      [from, to],
    );
    await db.query(
      `INSERT INTO rewards.members (user_id, tier, username, scout_mode, version)
       SELECT md5('member' || i)::uuid, 'free', 'Member' || lpad(i::text, 7, '0'), i % 7 = 0, 1 FROM generate_series($1::int, $2::int) i`,
      [from, to],
    );
    progress(`  seeded ${to.toLocaleString('en-US')} / ${members.toLocaleString('en-US')} members`);
  }
  await db.query('ANALYZE rewards.balances');
  await db.query('ANALYZE rewards.members');
  return Math.round(performance.now() - started);
}

async function cursorAfter(db: SqlRunner, skip: number): Promise<string | undefined> {
  if (skip === 0) return undefined;
  const { rows } = await db.query(`SELECT earned, user_id FROM rewards.balances ORDER BY earned DESC, user_id DESC OFFSET $1 LIMIT 1`, [skip - 1]);
  return `${rows[0].earned}_${rows[0].user_id}`;
}

async function timeSequentially(db: SqlRunner, text: string, params: unknown[], iterations: number) {
  for (let i = 0; i < Math.min(20, iterations); i++) await db.query(text, params);
  const samples: number[] = [];
  const started = performance.now();
  let ids: string[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const { rows } = await db.query(text, params);
    samples.push(performance.now() - t0);
    ids = rows.map((r) => String(r.id));
  }
  const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
  return {
    stats: summarize(samples),
    rps: round(iterations / ((performance.now() - started) / 1000), 1),
    ids,
    plan: plan.rows.map((r) => String(Object.values(r)[0])).join('\n'),
  };
}

async function timeConcurrently(pool: Pool, text: string, params: unknown[], connections: number, seconds: number) {
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await pool.query(text, params);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { stats: summarize(samples), rps: round(samples.length / ((performance.now() - started) / 1000), 1) };
}

async function run(context: ScenarioContext): Promise<void> {
  const { options, scope } = context;
  const members = options.items;
  const environment =
    context.mode === 'embedded'
      ? prepareEmbedded(scope, { logLevel: options.logLevel, logFile: context.logFile })
      : await prepareDistributed(scope, { logLevel: options.logLevel, logFile: context.logFile });
  const app = await startApp(scope, environment);
  const database = await connectAppDatabase(scope, environment);
  progress(`${context.mode}: seeding ${members.toLocaleString('en-US')} members`);
  const seedMs = await seedMembers(database.db, members);
  context.report({ items: members, case: 'seed', layer: 'seed', seed_ms: seedMs, rows_per_s: Math.round(members / (seedMs / 1000)) });

  const pool = openPool(scope, database.url, options.connections);
  const plans: Record<string, string> = {};
  for (const c of CASES) {
    const cursor = await cursorAfter(database.db, c.skip);
    const { text, params } = leaderboardQuery({ limit: c.limit, ...(cursor ? { cursor } : {}) });
    const sql = await timeSequentially(database.db, text, params, options.sqlIterations);
    plans[c.name] = sql.plan;
    const path = `/api/leaderboard?limit=${c.limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await getJson(`${app.baseUrl}${path}`);
    const httpIds = Array.isArray(answer.body) ? (answer.body as { id: string }[]).map((e) => e.id) : [];
    const matches = answer.status === 200 && httpIds.length === sql.ids.length && httpIds.every((id, i) => id === sql.ids[i]);
    progress(`  ${c.name}: HTTP ${answer.status}, ${httpIds.length} members, ${matches ? 'same as the SQL' : 'DIFFERENT from the SQL'}`);
    const base = { items: members, case: c.name, limit: c.limit, returned: sql.ids.length, matches_sql: matches };
    context.report({ ...base, layer: 'sql', ...sql.stats, rps: sql.rps, iterations: options.sqlIterations });
    const concurrent = await timeConcurrently(pool, text, params, options.connections, options.durationSeconds);
    context.report({ ...base, layer: 'sql-concurrent', ...concurrent.stats, rps: concurrent.rps, connections: options.connections });
    const url = `${app.baseUrl}${path}`;
    if (options.warmupSeconds > 0) await runLoad({ url, connections: options.connections, durationSeconds: options.warmupSeconds });
    const http = await runLoad({ url, connections: options.connections, durationSeconds: options.durationSeconds });
    if (!app.running) throw new Error(`the ${context.mode} app exited during "${c.name}"; last output:\n${app.recentOutput()}`);
    context.report({
      ...base,
      layer: 'http',
      p50_ms: http.p50_ms,
      p90_ms: http.p90_ms,
      p99_ms: http.p99_ms,
      max_ms: http.max_ms,
      rps: http.rps,
      requests: http.requests,
      errors: http.errors,
      non2xx: http.non2xx,
      connections: options.connections,
    });
  }
  context.attach('sql_plans', plans);
}

/** GET /api/leaderboard over `--items` members (default 1,000,000 here: pass --items): SQL and HTTP. */
export const leaderboardScenario: Scenario = {
  name: 'leaderboard',
  summary: 'GET /api/leaderboard over --items members: top 100, top 10 and a page deep in the list; bare SQL, SQL at the HTTP concurrency, HTTP',
  modes: RUN_MODES,
  run,
};
