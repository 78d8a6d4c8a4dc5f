import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { HOLDS_PER_DAY, IDEMPOTENCY_KEY_HEADER } from '@curbside/contracts';
import { freePortRun } from '@curbside/platform';
import { metricSamples } from '@curbside/testing';
import { join } from 'node:path';
import { REPO_ROOT } from '../harness/app-process';
import { profiled } from '../harness/cpu-profile';
import { backendCpuBetween, backendCpuByService, cpuSnapshot, cpuUsedBetween } from '../harness/cpu-time';
import { connectAppDatabase, prepareDistributed, prepareEmbedded, startApp } from '../harness/environments';
import { eventLoopDelay, METRICS_PROCESSES, scrapeMetrics } from '../harness/event-loop-delay';
import { BROWSER_HEADERS, proMember } from '../harness/http-load';
import { progress, sleep } from '../harness/log';
import { alreadySeeded, seedItems } from '../data/seed-items';
import { Prng } from '../data/prng';
import { percentile, round } from '../harness/stats';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

/** New York (the generator puts 18 % of all items around it, σ 4–6 miles). */
const CITY = { lat: 40.758, lng: -73.9855 };
const MILES_PER_DEGREE_LAT = 69.05;
/** Share of a day's traffic in its busiest hour (the evening), which the replay plays. */
export const PEAK_HOUR_SHARE = 0.09;
/** Members who open the app on a day. */
export const DAILY_ACTIVE_SHARE = 0.25;

/**
 * What one daily active member does on an average day (assumptions, bench/README.md "Scenario city-day"). Posts and
 * the claims' photo checks are the rare, expensive acts; reads are most of the traffic.
 */
export const ACTS_PER_ACTIVE_MEMBER_PER_DAY = {
  feed: 10,
  map: 3,
  search: 2,
  vote: 2,
  stillThere: 0.5,
  comment: 0.3,
  hold: 0.2,
  claim: 0.1,
  post: 0.2,
} as const;
export type Act = keyof typeof ACTS_PER_ACTIVE_MEMBER_PER_DAY;

/** Requests a second of the replay for each act: a day's count × the peak hour's share × `speed` / 3600. */
export function cityRates(members: number, speed: number): Record<Act, number> {
  const active = members * DAILY_ACTIVE_SHARE;
  return Object.fromEntries(
    Object.entries(ACTS_PER_ACTIVE_MEMBER_PER_DAY).map(([act, perDay]) => [act, (active * perDay * PEAK_HOUR_SHARE * speed) / 3600]),
  ) as Record<Act, number>;
}

/** The SPA's waits before sending a creating call again (SEND_ONCE_RETRY_DELAYS_MS, frontend/src/lib/send-once.ts). */
const SPA_RETRY_DELAYS_MS = [1000, 2000];

/** Acting members (real accounts on the Pro plan, so comments have no monthly cap); the alert members are rows only. */
const ACTORS = 60;
/** At most this many requests under way; an act due while they are is counted as dropped (an error). */
const MAX_IN_FLIGHT = 400;

interface Actor {
  headers: Record<string, string>;
  /**
   * In a hold or claim flow now, or still holding an item whose release or claim failed: such a member sees their hold
   * in the app and does not reserve another until it lapses (after longer than a replay), so they take no other.
   */
  busy: boolean;
  /** Holds this member started in the replay: at HOLDS_PER_DAY the app refuses another for a day, so they take none. */
  holds: number;
}

class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly failures = new Map<string, string[]>();
  inFlight = 0;
  dropped = 0;
  /** Answers refused at the gateway's door, over capacity (503 with Retry-After), retried or not. */
  readonly shed = new Map<string, number>();
  /** Creating calls sent again after a 502/503/504, as the SPA does. */
  retried = 0;

  /**
   * One member's act, timed from its first send to its answer. `retryDelaysMs` repeats a creating call answered
   * 502/503/504 after each delay, with the same Idempotency-Key, as the SPA's sendOnce does
   * (frontend/src/lib/send-once.ts); everything else is sent once, as the SPA sends it.
   */
  async timed(route: string, run: () => Promise<Response>, retryDelaysMs: readonly number[] = []): Promise<Response | null> {
    this.inFlight++;
    const started = performance.now();
    try {
      for (let attempt = 0; ; attempt++) {
        const response = await run();
        const body = await response.text();
        if (response.status === 503 && response.headers.has('retry-after')) this.shed.set(route, (this.shed.get(route) ?? 0) + 1);
        if (response.ok) {
          const list = this.latencies.get(route) ?? [];
          list.push(performance.now() - started);
          this.latencies.set(route, list);
          return new Response(body, { status: response.status, headers: response.headers });
        }
        if (attempt < retryDelaysMs.length && [502, 503, 504].includes(response.status)) {
          this.retried++;
          await sleep(retryDelaysMs[attempt]);
          continue;
        }
        this.fail(route, `${response.status} ${body.slice(0, 160)}`);
        return null;
      }
    } catch (err) {
      this.fail(route, err instanceof Error ? err.message : String(err));
      return null;
    } finally {
      this.inFlight--;
    }
  }

  fail(route: string, why: string): void {
    const list = this.failures.get(route) ?? [];
    list.push(why);
    this.failures.set(route, list);
  }

  answered(): number {
    return [...this.latencies.values()].reduce((n, list) => n + list.length, 0);
  }

  errors(): number {
    return [...this.failures.values()].reduce((n, list) => n + list.length, 0);
  }

  shedCount(): number {
    return [...this.shed.values()].reduce((n, count) => n + count, 0);
  }

  /** Each kind of error once a route, with its count: a 503 that shed load reads differently from one that timed out. */
  printFailures(prefix: string): void {
    for (const [route, why] of this.failures) {
      const kinds = new Map<string, number>();
      for (const reason of why) kinds.set(reason, (kinds.get(reason) ?? 0) + 1);
      const commonest = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 5);
      progress(`  ${prefix}${route}: ${why.length} errors: ${commonest.map(([reason, n]) => `${n} × ${reason}`).join('; ')}`);
    }
  }
}

/** Seconds until the next arrival of a Poisson process with this rate a second. */
function exponential(prng: Prng, ratePerSecond: number): number {
  return -Math.log(1 - prng.next()) / ratePerSecond;
}

/** A point around the city centre, gaussian with σ `miles`. */
function around(prng: Prng, miles: number): { lat: number; lng: number } {
  const d = miles / MILES_PER_DEGREE_LAT;
  return { lat: CITY.lat + prng.gaussian() * d, lng: CITY.lng + (prng.gaussian() * d) / Math.cos((CITY.lat * Math.PI) / 180) };
}

async function run(context: ScenarioContext): Promise<void> {
  const { options, scope } = context;
  const members = options.members ?? Math.round(options.items / 10);
  const rates = cityRates(members, options.speed);
  // A city's neighbours come from many addresses: the per-IP write limits would refuse one bench's traffic.
  const env = { RATE_LIMIT_WRITES_PER_MINUTE: '10000000', METRICS_PORT: String(await freePortRun(METRICS_PROCESSES)) };
  const environment =
    context.mode === 'embedded'
      ? prepareEmbedded(scope, { logLevel: options.logLevel, logFile: context.logFile, env })
      : await prepareDistributed(scope, { logLevel: options.logLevel, logFile: context.logFile, env, keepDatabase: options.keepDatabase });
  const app = await startApp(scope, environment);
  const { db } = await connectAppDatabase(scope, environment);

  if (await alreadySeeded(db, options.items)) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM notifications.positions WHERE user_id IN (md5('city' || $1::int)::uuid, md5('city' || ($1::int + 1))::uuid)`,
      [members],
    );
    if (rows[0].n !== 1) throw new Error(`the kept database was seeded with other than ${members} members: drop it or give the same --members`);
    progress(`${context.mode}: the kept database already holds the items and members`);
  } else {
    progress(`${context.mode}: seeding ${options.items.toLocaleString('en-US')} items and ${members.toLocaleString('en-US')} members with alert positions`);
    await seedItems(db, { items: options.items, posters: 5000, seed: options.seed, now: new Date(), batchSize: 10_000, singleTransaction: false });
    await seedAlertMembers(db, members);
    // The planner's figures, and the visibility map autovacuum would soon set on a table just loaded (feed.scenario.ts).
    await db.query('VACUUM (ANALYZE) items.items');
    await db.query('ANALYZE notifications.positions');
  }

  progress(`${context.mode}: ${ACTORS} acting members`);
  const actors: Actor[] = [];
  for (let i = 0; i < ACTORS; i++) actors.push({ headers: { ...(await proMember(app.baseUrl, db)), ...BROWSER_HEADERS }, busy: false, holds: 0 });
  const { rows: pool } = await db.query(
    `SELECT id::text FROM items.items WHERE status = 'available' AND expires_at > now() + interval '2 hours'
       AND lat BETWEEN $1 - 0.15 AND $1 + 0.15 AND lng BETWEEN $2 - 0.2 AND $2 + 0.2 ORDER BY created_at DESC LIMIT 20000`,
    [CITY.lat, CITY.lng],
  );
  const items = pool.map((r) => String(r.id));
  if (items.length < 1000) throw new Error(`only ${items.length} available items around the city: use more --items`);
  const fixtures = join(REPO_ROOT, 'services', 'photo-validation', 'test', 'fixtures');
  const chair = readFileSync(join(fixtures, 'furniture-chair.jpg'));
  // The pickup photo is a new photo of the chair, not the listing's own (which the check refuses as a copy).
  const photo = readFileSync(join(fixtures, 'furniture-chair-pickup.jpg')).toString('base64');
  // Only an item with a photo can be held or claimed: the items around the centre get one photo, uploaded as members do.
  const form = new FormData();
  form.append('photo', new Blob([chair], { type: 'image/jpeg' }), 'chair.jpg');
  const uploaded = await fetch(`${app.baseUrl}/api/upload`, { method: 'POST', headers: actors[0].headers, body: form });
  if (uploaded.status !== 200) throw new Error(`POST /api/upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
  await db.query(`UPDATE items.items SET image_url = $1, category = 'Furniture', title = 'Wooden chair' WHERE id = ANY($2::uuid[])`, [imageUrl, items]);
  // 20,000 titles changed at once, which no day does: the planner's figures for the searches must know it, and
  // autovacuum, past 1 % of the items changed, would mark their pages all-visible again (migration 1764800000403).
  await db.query('VACUUM (ANALYZE) items.items');

  const prng = new Prng(`${options.seed}-city-day`);
  // The rise to the peak and the peak itself are recorded apart: an act is recorded by the phase it starts in.
  const rising = new Recorder();
  const peak = new Recorder();
  const voted = new Set<string>();
  const answered = new Set<string>();
  const taken = new Set<string>();
  const posted: string[] = [];
  let claimed = 0;
  const base = app.baseUrl;
  const json = (actor: Actor) => ({ ...actor.headers, 'content-type': 'application/json' });
  /** A creating call's headers: one Idempotency-Key for the act, kept on its retries (as the SPA's sendOnce). */
  const keyed = (actor: Actor) => ({ ...json(actor), [IDEMPOTENCY_KEY_HEADER]: randomUUID() });
  const pickItem = () => items[Math.floor(prng.next() * items.length)];
  const anyActor = () => actors[Math.floor(prng.next() * actors.length)];
  // Any free member, each as likely as the next: the city's holds are spread over its members, not taken by a few.
  const freeActor = () => {
    const free = actors.filter((a) => !a.busy && a.holds < HOLDS_PER_DAY);
    return free.length > 0 ? free[Math.floor(prng.next() * free.length)] : undefined;
  };
  const once = (seen: Set<string>, actor: Actor) => {
    for (let tries = 0; tries < 20; tries++) {
      const item = pickItem();
      const key = `${actors.indexOf(actor)}:${item}`;
      if (!seen.has(key) && !taken.has(item)) {
        seen.add(key);
        return item;
      }
    }
    return null;
  };

  const acts: Record<Act, (recorder: Recorder) => Promise<unknown>> = {
    feed: (recorder) => {
      const at = around(prng, 5);
      return recorder.timed('GET /api/items (feed)', () => fetch(`${base}/api/items?lat=${at.lat}&lng=${at.lng}&radius=5`, { headers: anyActor().headers }));
    },
    map: (recorder) => {
      const at = around(prng, 5);
      return recorder.timed('GET /api/items (map)', () =>
        fetch(`${base}/api/items?lat=${at.lat}&lng=${at.lng}&radius=2&limit=50`, { headers: anyActor().headers }),
      );
    },
    search: (recorder) => {
      const at = around(prng, 5);
      const q = ['chair', 'table', 'lamp', 'books', 'bike', 'desk'][Math.floor(prng.next() * 6)];
      return recorder.timed('GET /api/items?q (search)', () =>
        fetch(`${base}/api/items?lat=${at.lat}&lng=${at.lng}&radius=10&q=${q}`, { headers: anyActor().headers }),
      );
    },
    vote: async (recorder) => {
      const actor = anyActor();
      const item = once(voted, actor);
      if (item)
        await recorder.timed('POST /api/items/:id/vote', () => fetch(`${base}/api/items/${item}/vote`, { method: 'POST', headers: json(actor), body: '{}' }));
    },
    stillThere: async (recorder) => {
      const actor = anyActor();
      const item = once(answered, actor);
      if (item) {
        await recorder.timed('POST /api/items/:id/still-there', () =>
          fetch(`${base}/api/items/${item}/still-there`, { method: 'POST', headers: json(actor), body: '{"stillThere":true}' }),
        );
      }
    },
    comment: (recorder) => {
      const actor = anyActor();
      const item = pickItem();
      const headers = keyed(actor);
      return recorder.timed(
        'POST /api/items/:id/comments',
        () => fetch(`${base}/api/items/${item}/comments`, { method: 'POST', headers, body: JSON.stringify({ content: 'Is this still there this evening?' }) }),
        SPA_RETRY_DELAYS_MS,
      );
    },
    post: async (recorder) => {
      const actor = anyActor();
      const at = around(prng, 4);
      const headers = keyed(actor);
      const answer = await recorder.timed(
        'POST /api/items',
        () =>
          fetch(`${base}/api/items`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ title: 'Wooden chair, good as new', category: 'Furniture', location: at }),
          }),
        SPA_RETRY_DELAYS_MS,
      );
      if (answer) posted.push(((await answer.json()) as { id: string }).id);
    },
    hold: (recorder) => holdThen(recorder, false),
    claim: (recorder) => holdThen(recorder, true),
  };

  /** A hold (first dibs), then either a release or the pickup: the photo check and, when it passes, the claim. */
  async function holdThen(recorder: Recorder, pickUp: boolean): Promise<void> {
    const actor = freeActor();
    if (!actor) return recorder.fail(pickUp ? 'claim flow' : 'hold flow', 'every acting member is busy');
    const item = items.find((candidate, i) => i % 7 === Math.floor(prng.next() * 7) && !taken.has(candidate)) ?? items.find((c) => !taken.has(c));
    if (!item) return;
    actor.busy = true;
    taken.add(item);
    let stillHolds = false;
    try {
      const holdHeaders = keyed(actor);
      const held = await recorder.timed(
        'PATCH /api/items/:id/claim (hold)',
        () => fetch(`${base}/api/items/${item}/claim`, { method: 'PATCH', headers: holdHeaders, body: '{}' }),
        SPA_RETRY_DELAYS_MS,
      );
      if (!held) return;
      stillHolds = true;
      actor.holds++;
      if (pickUp) {
        const checked = await recorder.timed('POST /api/items/:id/validate-pickup', () =>
          fetch(`${base}/api/items/${item}/validate-pickup`, { method: 'POST', headers: json(actor), body: JSON.stringify({ pickupPhoto: photo }) }),
        );
        const verdict = checked ? ((await checked.json()) as { isValid: boolean }) : null;
        if (verdict?.isValid) {
          const claimHeaders = keyed(actor);
          const claim = await recorder.timed(
            'PATCH /api/items/:id/claim (pickup)',
            () => fetch(`${base}/api/items/${item}/claim`, { method: 'PATCH', headers: claimHeaders, body: JSON.stringify({ verificationPhoto: photo }) }),
            SPA_RETRY_DELAYS_MS,
          );
          if (claim) {
            claimed++;
            stillHolds = false;
          }
          return;
        }
      }
      const released = await recorder.timed('DELETE /api/items/:id/hold', () =>
        fetch(`${base}/api/items/${item}/hold`, { method: 'DELETE', headers: actor.headers }),
      );
      if (released) stillHolds = false;
    } finally {
      actor.busy = stillHolds;
    }
  }

  const seconds = options.durationSeconds;
  const work: Promise<unknown>[] = [];
  /**
   * Open loop: from `from` until `until` (performance.now() ms), each act arrives as a Poisson process at its rate
   * times `share(t)` (0–1), whatever the answers' speed. Arrivals are drawn at the full rate and each is kept with
   * probability `share` (thinning); at a share of 1 nothing more is drawn.
   */
  const arrive = (from: number, until: number, share: (at: number) => number, phase: Recorder) =>
    Promise.all(
      (Object.keys(rates) as Act[]).map(async (act) => {
        for (let next = from + exponential(prng, rates[act]) * 1000; next < until; next += exponential(prng, rates[act]) * 1000) {
          const wait = next - performance.now();
          if (wait > 0) await sleep(wait);
          const kept = share(next);
          if (kept < 1 && prng.next() >= kept) continue;
          if (rising.inFlight + peak.inFlight >= MAX_IN_FLIGHT) {
            phase.dropped++;
            phase.fail(act, `dropped: ${MAX_IN_FLIGHT} requests under way`);
          } else work.push(acts[act](phase));
        }
      }),
    );

  const rampMs = options.rampSeconds * 1000;
  if (rampMs > 0) {
    progress(`${context.mode}: the rise to the peak: every rate from 0 to its peak in ${options.rampSeconds} s (reported apart)`);
    const rampStarted = performance.now();
    await arrive(rampStarted, rampStarted + rampMs, (at) => (at - rampStarted) / rampMs, rising);
  }
  progress(
    `${context.mode}: replaying ${round((seconds * options.speed) / 60, 1)} min of the evening peak at ${options.speed}× speed for ${seconds} s: ` +
      Object.entries(rates)
        .map(([act, rate]) => `${act} ${round(rate, 2)}/s`)
        .join(', '),
  );
  const started = performance.now();
  // Where the CPU goes during the replay: each process of the app, and each service's database backends.
  const cpuBefore = cpuSnapshot(app);
  const databaseBefore = await backendCpuByService(db);
  const metricsProcesses = context.mode === 'embedded' ? 1 : METRICS_PROCESSES;
  await eventLoopDelay(app, environment.env.METRICS_PORT, metricsProcesses);
  await profiled(app, `${context.mode}-city-day`, async () => {
    await arrive(started, started + seconds * 1000, () => 1, peak);
    await Promise.all(work);
  });
  const replayS = (performance.now() - started) / 1000;
  const loopDelay = await eventLoopDelay(app, environment.env.METRICS_PORT, metricsProcesses);
  const databaseAfter = await backendCpuByService(db);
  const cpuMs = {
    ...cpuUsedBetween(cpuBefore, cpuSnapshot(app)),
    ...Object.fromEntries(
      [...databaseAfter].map(([service, after]) => [
        `cpu_ms_${service.replace(/[^A-Za-z0-9]+/g, '_')}_database`,
        backendCpuBetween(databaseBefore.get(service) ?? new Map(), after),
      ]),
    ),
  };
  if (!app.running) throw new Error(`the ${context.mode} app exited; last output:\n${app.recentOutput()}`);

  // Alerts: every post's fan-out done (its notifications no longer growing), then the consumers' lag.
  const alertsOf = async () =>
    Number((await db.query(`SELECT count(*)::int AS n FROM notifications.notifications WHERE data::jsonb ->> 'itemId' = ANY($1)`, [posted])).rows[0].n);
  let alerts = await alertsOf();
  for (let stable = 0, waited = 0; stable < 3 && waited < 60; waited++) {
    await sleep(1000);
    const now = await alertsOf();
    stable = now === alerts ? stable + 1 : 0;
    alerts = now;
  }
  const lag = await consumerLag(environment.env.METRICS_PORT, metricsProcesses);

  for (const [route, samples] of [...peak.latencies.entries()].sort()) {
    const sorted = [...samples].sort((a, b) => a - b);
    context.report({
      items: options.items,
      members,
      case: route,
      layer: 'city-day',
      requests: samples.length,
      rps: round(samples.length / replayS, 2),
      p50_ms: round(percentile(sorted, 50), 1),
      p99_ms: round(percentile(sorted, 99), 1),
      max_ms: round(sorted[sorted.length - 1], 1),
      errors: peak.failures.get(route)?.length ?? 0,
      shed: peak.shed.get(route) ?? 0,
    });
  }
  context.report({
    items: options.items,
    members,
    case: 'city day',
    layer: 'summary',
    replay_s: round(replayS, 1),
    speed: options.speed,
    simulated_min: round((seconds * options.speed) / 60, 1),
    requests: peak.answered(),
    errors: peak.errors(),
    dropped: peak.dropped,
    shed: peak.shedCount(),
    retried: peak.retried,
    posts: posted.length,
    claims: claimed,
    notifications_delivered: alerts,
    ...cpuMs,
    ...loopDelay,
    consumer_lag_total: lag.reduce((n, l) => n + l.pending, 0),
    consumer_lag: JSON.stringify(Object.fromEntries(lag.map((l) => [l.durable, l.pending]))),
    outbox_backlog: JSON.stringify(
      Object.fromEntries((await outboxBacklog(environment.env.METRICS_PORT, metricsProcesses)).map((o) => [o.service, o.backlog])),
    ),
  });
  if (rampMs > 0) {
    context.report({
      items: options.items,
      members,
      case: 'rise to the peak',
      layer: 'ramp',
      ramp_s: options.rampSeconds,
      requests: rising.answered(),
      errors: rising.errors(),
      dropped: rising.dropped,
      shed: rising.shedCount(),
      retried: rising.retried,
    });
    rising.printFailures('rise to the peak, ');
  }
  peak.printFailures('');
}

/** Alert members: positions gaussian around the centre (σ 5 miles), 1-mile radius, new-item alerts on for three in ten. */
async function seedAlertMembers(db: { query(sql: string, params?: unknown[]): Promise<unknown> }, members: number): Promise<void> {
  const d = 5 / MILES_PER_DEGREE_LAT;
  await db.query(
    `INSERT INTO notifications.positions (user_id, lat, lng)
     SELECT md5('city' || i)::uuid,
            $1 + $3 * sqrt(-2 * ln(greatest(1e-9, (abs(hashtext('u' || i)) % 100000) / 100000.0))) * cos(2 * pi() * (abs(hashtext('v' || i)) % 100000) / 100000.0),
            $2 + $3 / cos(radians($1)) * sqrt(-2 * ln(greatest(1e-9, (abs(hashtext('u' || i)) % 100000) / 100000.0))) * sin(2 * pi() * (abs(hashtext('v' || i)) % 100000) / 100000.0)
     FROM generate_series(1, $4) i`,
    [CITY.lat, CITY.lng, d, members],
  );
  await db.query(
    `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version)
     SELECT md5('city' || i)::uuid, jsonb_build_object('enableNewItemAlerts', i % 10 < 3), 1, 'free', 1 FROM generate_series(1, $1) i`,
    [members],
  );
  // Alerts are decided by the member's settings as of the post (their versions), as the service keeps them.
  await db.query(
    `INSERT INTO notifications.member_versions (user_id, version, occurred_at, flags, radius_miles, tier)
     SELECT md5('city' || i)::uuid, 1, now() - interval '1 day', jsonb_build_object('enableNewItemAlerts', i % 10 < 3), 1, 'free' FROM generate_series(1, $1) i`,
    [members],
  );
}

/** Every durable consumer's lag from the processes' /metrics (curbside_event_consumer_lag_events). */
async function consumerLag(port: string | undefined, processes: number): Promise<{ durable: string; pending: number }[]> {
  const text = (await scrapeMetrics(port, processes)).join('\n');
  return metricSamples(text, 'curbside_event_consumer_lag_events').map((s) => ({ durable: s.labels.durable, pending: s.value }));
}

async function outboxBacklog(port: string | undefined, processes: number): Promise<{ service: string; backlog: number }[]> {
  const text = (await scrapeMetrics(port, processes)).join('\n');
  return metricSamples(text, 'curbside_outbox_backlog_events').map((s) => ({ service: s.labels.service, backlog: s.value }));
}

export const cityDayScenario: Scenario = {
  name: 'city-day',
  summary:
    "a big city's evening peak, replayed --speed times faster than real (default 10×): posts, feed, map, search, votes, still-there, holds, claims with photo checks, comments, alerts",
  modes: RUN_MODES,
  run,
};
