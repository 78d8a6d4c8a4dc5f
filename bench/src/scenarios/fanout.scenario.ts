import { freePortRun } from '@curbside/platform';
import { ApiClient, EventStreamReader } from '@curbside/testing';
import { connectAppDatabase, prepareDistributed, prepareEmbedded, startApp } from '../harness/environments';
import { eventLoopDelay, METRICS_PROCESSES } from '../harness/event-loop-delay';
import { profiled } from '../harness/cpu-profile';
import { backendCpu, backendCpuBetween, cpuSnapshot, cpuUsedBetween } from '../harness/cpu-time';
import { proMember, runLoad } from '../harness/http-load';
import { progress, sleep } from '../harness/log';
import { percentile, round } from '../harness/stats';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

const HERE = { lat: 47.6062, lng: -122.3321 };
/** Members among them with a live stream open (real accounts on the Premium plan, one tab each). */
const LISTENERS = 100;
const MILES_PER_DEGREE_LAT = 69.05;
/** Members whose rows the bench looks for before it counts all of a fan-out's rows (a few hundred index probes). */
const SAMPLED = 256;
/**
 * One seeded member in this many is on Pro (the others on Free): a city-wide post writes their alerts first, in a pass
 * of their own (NotificationsService.fanOutNearby). Seeded member i is on Pro when i % PRO_EVERY is PRO_AT, which no
 * member the poll below looks at is (member 1 and every multiple of 390), so the poll still waits for the last slice.
 */
const PRO_EVERY = 50;
const PRO_AT = 7;

/**
 * One post reaching `--items` nearby members (100,000 by default: a city's worth within the alert radius): members with alert positions spread within 1.5 miles are written
 * straight into the notifications tables, then an item is posted over HTTP while the feed is under load; the
 * time runs from the post's answer until every alert row is written, and the feed's latencies meanwhile are
 * reported beside the same load without a fan-out.
 */
async function run(context: ScenarioContext): Promise<void> {
  const { options, scope } = context;
  // Each process's /metrics, for its event loop's delay alone and during the fan-out.
  const env = { METRICS_PORT: String(await freePortRun(METRICS_PROCESSES)) };
  const environment =
    context.mode === 'embedded'
      ? prepareEmbedded(scope, { logLevel: options.logLevel, logFile: context.logFile, env })
      : await prepareDistributed(scope, { logLevel: options.logLevel, logFile: context.logFile, env });
  const metricsProcesses = context.mode === 'embedded' ? 1 : METRICS_PROCESSES;
  const app = await startApp(scope, environment);
  const database = await connectAppDatabase(scope, environment);
  const { db } = database;
  const RECIPIENTS = options.items;

  progress(`${context.mode}: seeding ${RECIPIENTS.toLocaleString('en-US')} members with alert positions`);
  await db.query(
    `INSERT INTO notifications.positions (user_id, lat, lng)
     SELECT md5('fanout' || i)::uuid,
            $1 + (((abs(hashtext('a' || i)) % 20000) / 10000.0) - 1) * $3,
            $2 + (((abs(hashtext('b' || i)) % 20000) / 10000.0) - 1) * $3 / cos(radians($1))
     FROM generate_series(1, $4) i`,
    [HERE.lat, HERE.lng, 1.0 / MILES_PER_DEGREE_LAT, RECIPIENTS],
  );
  await db.query(
    `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version)
     SELECT md5('fanout' || i)::uuid, '{"enableNewItemAlerts": true}'::jsonb, 2, CASE WHEN i % $2 = $3 THEN 'pro' ELSE 'free' END, 1
     FROM generate_series(1, $1) i`,
    [RECIPIENTS, PRO_EVERY, PRO_AT],
  );
  // Every member known to the service has their settings by version too (NotificationsService.mirrorMember): the
  // write looks each recipient's up as of the post's time.
  await db.query(
    `INSERT INTO notifications.member_versions (user_id, version, occurred_at, flags, radius_miles, tier)
     SELECT user_id, version, '-infinity', flags, radius_miles, tier FROM notifications.members`,
  );
  await db.query('ANALYZE notifications.positions');
  await db.query('ANALYZE notifications.member_versions');

  progress(`${context.mode}: ${LISTENERS} more members with a live stream open`);
  const streams = await openListeners(app.baseUrl);

  const member = await proMember(app.baseUrl, db);
  const feedUrl = `${app.baseUrl}/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`;
  progress(`${context.mode}: feed alone, ${options.connections} connections, ${options.durationSeconds} s`);
  await eventLoopDelay(app, env.METRICS_PORT, metricsProcesses);
  const quiet = await runLoad({ url: feedUrl, connections: options.connections, durationSeconds: options.durationSeconds, headers: member });
  const quietLoop = await eventLoopDelay(app, env.METRICS_PORT, metricsProcesses);

  progress(`${context.mode}: feed under load while one post fans out to ${RECIPIENTS.toLocaleString('en-US')} members`);
  const { busy, fanoutMs, written, pushed, cpuMs, stages } = await profiled(app, `${context.mode}-fanout`, async () => {
    const busy = runLoad({ url: feedUrl, connections: options.connections, durationSeconds: options.durationSeconds, headers: member });
    await sleep(1000);
    const cpuBefore = cpuSnapshot(app);
    const databaseBefore = await backendCpu(db, 'notifications');
    const posted = await fetch(`${app.baseUrl}/api/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...member },
      body: JSON.stringify({ title: 'Solid oak table', category: 'Furniture', location: HERE }),
    });
    const answeredAt = performance.now();
    const answeredWallClock = Date.now();
    if (posted.status !== 201) throw new Error(`POST /api/items answered ${posted.status}: ${await posted.text()}`);
    const { id } = (await posted.json()) as { id: string };
    // Polled through indexes, and cheaply: the poll shares the database (and the two cores) with the write it times.
    // First one seeded member's rows, for the post's event; then the rows of SAMPLED members spread over the id space
    // (every slice of the write holds some), one index probe each; only once all of those exist, the count of all the
    // event's rows. Counting all of them 50 times a second from the start read up to 100,000 index entries and their
    // rows each time, ~25 ms a count: a large part of a core taken from the write and the feed it measures.
    let written = 0;
    let eventId: string | undefined;
    const sample = Math.min(SAMPLED, RECIPIENTS);
    let sampled = 0;
    while (written < RECIPIENTS) {
      if (!eventId) {
        const { rows } = await db.query(
          `SELECT source_event_id FROM notifications.notifications WHERE user_id = md5('fanout' || 1)::uuid AND data LIKE '%' || $1 || '%'`,
          [id],
        );
        eventId = rows[0]?.source_event_id as string | undefined;
      }
      if (eventId && sampled < sample) {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM notifications.notifications
           WHERE source_event_id = $1 AND user_id IN (SELECT md5('fanout' || (i * $2::int))::uuid FROM generate_series(1, $3::int) i)`,
          [eventId, Math.floor(RECIPIENTS / sample), sample],
        );
        sampled = Number(rows[0].n);
      }
      if (eventId && sampled >= sample) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM notifications.notifications WHERE source_event_id = $1`, [eventId]);
        written = Number(rows[0].n);
      }
      if (performance.now() - answeredAt > 120_000) throw new Error(`only ${written} of ${RECIPIENTS} alerts after 120 s`);
      if (written < RECIPIENTS) await sleep(20);
    }
    const fanoutMs = round(performance.now() - answeredAt, 0);
    // Where the time went: the notifications transaction began at its rows' created_at (now()), their statement at
    // the millisecond each id starts with (AlertsRepository's version 7 ids); the rows were all visible at fanoutMs.
    const { rows: started } = await db.query(
      `SELECT extract(epoch FROM min(created_at)) * 1000 AS transaction, ('x' || left(replace(min(id::text), '-', ''), 12))::bit(48)::bigint AS statement
       FROM notifications.notifications WHERE source_event_id = $1`,
      [eventId],
    );
    // Pro members first: no Pro row was written by a transaction that began after one that wrote another member's row
    // (created_at is its transaction's start), and a slice's transaction begins only once the Pro pass has committed,
    // so by then every Pro member's alert was in their app. (A post reaching fewer members writes all in one.)
    const { rows: pro } = await db.query(
      `SELECT count(*) FILTER (WHERE m.tier = 'pro')::int AS members,
              coalesce(max(n.created_at) FILTER (WHERE m.tier = 'pro') <= min(n.created_at) FILTER (WHERE m.tier <> 'pro'), true) AS first,
              extract(epoch FROM min(n.created_at) FILTER (WHERE m.tier <> 'pro')) * 1000 AS others_began
       FROM notifications.notifications n JOIN notifications.members m ON m.user_id = n.user_id WHERE n.source_event_id = $1`,
      [eventId],
    );
    const stages = {
      transaction_started_ms: Math.round(Number(started[0].transaction) - answeredWallClock),
      statement_started_ms: Math.round(Number(started[0].statement) - answeredWallClock),
      pro_members: Number(pro[0].members),
      pro_written_first: Boolean(pro[0].first),
      pro_written_by_ms: Math.round(Number(pro[0].others_began) - answeredWallClock),
    };
    const cpuMs = {
      ...cpuUsedBetween(cpuBefore, cpuSnapshot(app)),
      cpu_ms_notifications_database: backendCpuBetween(databaseBefore, await backendCpu(db, 'notifications')),
    };
    const pushed = await liveArrivals(streams, id, answeredWallClock);
    return { busy, fanoutMs, written, pushed, cpuMs, stages };
  });
  const during = await busy;
  const duringLoop = await eventLoopDelay(app, env.METRICS_PORT, metricsProcesses);
  if (!app.running) throw new Error(`the ${context.mode} app exited; last output:\n${app.recentOutput()}`);
  progress(`  ${written} alerts written ${fanoutMs} ms after the post's answer; ${pushed.length} of ${LISTENERS} open streams told`);

  // CPU of each process of the app from the post until the last row existed (the feed's load included; see bench/README.md).
  context.report({
    items: RECIPIENTS,
    case: `post reaching ${RECIPIENTS} members`,
    layer: 'fanout',
    recipients: written,
    fanout_ms: fanoutMs,
    ...stages,
    ...cpuMs,
  });
  context.report({
    items: RECIPIENTS,
    case: `live push to ${LISTENERS} open streams`,
    layer: 'sse',
    recipients: pushed.length,
    p50_ms: pushed.length ? percentile(pushed, 50) : undefined,
    p99_ms: pushed.length ? percentile(pushed, 99) : undefined,
    max_ms: pushed.at(-1),
  });
  for (const [name, result, loop] of [
    ['feed alone', quiet, quietLoop],
    ['feed during the fan-out', during, duringLoop],
  ] as const) {
    context.report({
      items: RECIPIENTS,
      case: name,
      layer: 'http',
      p50_ms: result.p50_ms,
      p99_ms: result.p99_ms,
      max_ms: result.max_ms,
      rps: result.rps,
      errors: result.errors,
      non2xx: result.non2xx,
      connections: options.connections,
      ...loop,
    });
  }
}

/** Real members around the point, each with one open live stream that has had its first count. */
async function openListeners(baseUrl: string): Promise<EventStreamReader[]> {
  const streams: EventStreamReader[] = [];
  for (let i = 0; i < LISTENERS; i++) {
    const client = new ApiClient(baseUrl);
    const { body } = await client.post<{ id: string }>('/api/users', {});
    // Premium: their alerts show at once (a free member's item alerts show 15 minutes after the post, DESIGN §6).
    const upgraded = await client.request('PATCH', `/api/users/${body.id}/subscription`, { tier: 'premium' });
    if (upgraded.status !== 200) throw new Error(`PATCH subscription answered ${upgraded.status}`);
    const at = { lat: HERE.lat + ((i % 10) - 5) * 0.001, lng: HERE.lng + (Math.floor(i / 10) - 5) * 0.001 };
    const reported = await client.request('PUT', `/api/notifications/${body.id}/position`, at);
    if (reported.status !== 200) throw new Error(`PUT position answered ${reported.status}`);
    const stream = await client.eventStream('/api/events/stream');
    await stream.next((e) => e.event === 'count', 10_000);
    streams.push(stream);
  }
  return streams;
}

/** Milliseconds from the post's answer until each stream had the post's alert, sorted; the streams are closed. */
async function liveArrivals(streams: EventStreamReader[], itemId: string, answeredWallClock: number): Promise<number[]> {
  const isAlert = (e: { event: string; data: string }) => e.event === 'notification' && e.data.includes(itemId);
  const arrivals = await Promise.all(
    streams.map(async (stream) => {
      const alert = await stream.next(isAlert, 30_000).catch(() => undefined);
      return alert ? alert.receivedAt - answeredWallClock : undefined;
    }),
  );
  await Promise.all(streams.map((s) => s.close()));
  return arrivals.filter((a): a is number => a !== undefined).sort((a, b) => a - b);
}

export const fanoutScenario: Scenario = {
  name: 'fanout',
  summary: 'one post reaching --items nearby members (default 100,000): time until every alert is written, feed latency meanwhile',
  modes: RUN_MODES,
  run,
};
