import { ApiClient, PushReceiver } from '@curbside/testing';
import { connectAppDatabase, prepareDistributed, prepareEmbedded, startApp } from '../harness/environments';
import { profiled } from '../harness/cpu-profile';
import { cpuSnapshot, cpuUsedBetween } from '../harness/cpu-time';
import { LoadResult, proMember, runLoad } from '../harness/http-load';
import { progress, sleep } from '../harness/log';
import { percentile } from '../harness/stats';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

const HERE = { lat: 40.7128, lng: -74.006 };
const POSTS = 30;
const SUBSCRIBERS = 10_000;
/** Of the subscribers' pushes, every this many is decrypted and its VAPID token checked at the receiver. */
const BULK_SAMPLE_EVERY = 100;
const MILES_PER_DEGREE_LAT = 69.05;

/**
 * Web Push end to end, to a push service of the bench's own on loopback (libs/testing PushReceiver, allowed through
 * PUSH_SERVICE_HOSTS): (1) a premium member's latency from a post's answer to the decrypted push, over POSTS posts;
 * (2) one post alerting SUBSCRIBERS premium members who each have a browser subscribed (members, positions and
 * subscriptions written straight into the notifications tables): time until the last push arrives, and the feed's
 * latency meanwhile beside the same load without it; then a second post to them with the feed at half the rate it
 * managed alone.
 */
async function run(context: ScenarioContext): Promise<void> {
  const { options, scope } = context;
  const receiver = await PushReceiver.start();
  scope.defer('push receiver', () => receiver.close());
  const environment =
    context.mode === 'embedded'
      ? prepareEmbedded(scope, { logLevel: options.logLevel, logFile: context.logFile })
      : await prepareDistributed(scope, { logLevel: options.logLevel, logFile: context.logFile });
  environment.env.PUSH_SERVICE_HOSTS = receiver.origin;
  environment.env.RATE_LIMIT_WRITES_PER_MINUTE = '100000';
  const app = await startApp(scope, environment);
  const { db } = await connectAppDatabase(scope, environment);
  const poster = await proMember(app.baseUrl, db);

  progress(`${context.mode}: a premium member with a subscribed browser; ${POSTS} posts, each timed to its push`);
  const member = new ApiClient(app.baseUrl);
  const { body: user } = await member.post<{ id: string }>('/api/users', {});
  await member.request('PATCH', `/api/users/${user.id}/subscription`, { tier: 'premium' });
  await member.request('PATCH', `/api/users/${user.id}/notification-preferences`, { quietHours: 'off' });
  await member.request('PUT', `/api/notifications/${user.id}/position`, { lat: HERE.lat + 0.002, lng: HERE.lng });
  if ((await member.post('/api/push/subscriptions', receiver.subscription('premium'))).status !== 201) throw new Error('push subscription refused');
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.query(`SELECT 1 FROM notifications.members WHERE user_id = $1 AND tier = 'premium' AND quiet_hours = 'off'`, [user.id]);
    if (rows.length) break;
    await sleep(50);
  }
  const latencies: number[] = [];
  for (let i = 0; i < POSTS; i++) {
    const before = receiver.to('premium').length;
    const posted = await fetch(`${app.baseUrl}/api/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...poster },
      body: JSON.stringify({ title: `Bench lamp ${i}`, category: 'Household', location: HERE }),
    });
    const answeredAt = Date.now();
    if (posted.status !== 201) throw new Error(`POST /api/items answered ${posted.status}`);
    await receiver.until(() => receiver.to('premium').length > before, 15_000, `push ${i}`);
    latencies.push(receiver.to('premium')[before].receivedAt - answeredAt);
  }
  latencies.sort((a, b) => a - b);
  context.report({
    items: POSTS,
    case: 'post → push at the receiver, premium member',
    layer: 'push',
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    max_ms: latencies.at(-1),
  });

  progress(`${context.mode}: seeding ${SUBSCRIBERS.toLocaleString('en-US')} premium members with a subscribed browser each`);
  // One browser's keys for all of them, made by the receiver, which decrypts every 100th push with them.
  const { p256dh, auth } = receiver.bulkKeys(BULK_SAMPLE_EVERY);
  await db.query(
    `INSERT INTO notifications.positions (user_id, lat, lng)
     SELECT md5('push' || i)::uuid,
            $1 + (((abs(hashtext('a' || i)) % 20000) / 10000.0) - 1) * $3,
            $2 + (((abs(hashtext('b' || i)) % 20000) / 10000.0) - 1) * $3 / cos(radians($1))
     FROM generate_series(1, $4) i`,
    [HERE.lat + 1, HERE.lng, 1.0 / MILES_PER_DEGREE_LAT, SUBSCRIBERS],
  );
  await db.query(
    `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version, quiet_hours)
     SELECT md5('push' || i)::uuid, '{"enableNewItemAlerts": true, "enablePushNotifications": true}'::jsonb, 2, 'premium', 1, 'off' FROM generate_series(1, $1) i`,
    [SUBSCRIBERS],
  );
  await db.query(
    `INSERT INTO notifications.push_subscriptions (id, user_id, endpoint, p256dh, auth)
     SELECT gen_random_uuid(), md5('push' || i)::uuid, $2 || '/bulk/' || i, $3, $4 FROM generate_series(1, $1) i`,
    [SUBSCRIBERS, receiver.origin, p256dh, auth],
  );
  await db.query(
    `INSERT INTO notifications.member_versions (user_id, version, occurred_at, flags, radius_miles, tier)
     SELECT user_id, version, '-infinity', flags, radius_miles, tier FROM notifications.members WHERE user_id = ANY (SELECT md5('push' || i)::uuid FROM generate_series(1, $1) i)`,
    [SUBSCRIBERS],
  );
  await db.query('ANALYZE notifications.positions');

  const feedUrl = `${app.baseUrl}/api/items?lat=${HERE.lat + 1}&lng=${HERE.lng}&radius=5`;
  progress(`${context.mode}: feed alone, ${options.connections} connections, ${options.durationSeconds} s`);
  const quiet = await runLoad({ url: feedUrl, connections: options.connections, durationSeconds: options.durationSeconds, headers: poster });
  // Twice: with the feed as fast as it answers (both cores taken), then at half the rate it managed alone (a busy
  // app with room left), each time one post to the same browsers.
  const halfRate = Math.max(1, Math.round(quiet.rps / 2));
  for (const [label, ratePerSecond] of [
    ['', undefined],
    [`, feed at half its capacity (${halfRate} req/s)`, halfRate],
  ] as const) {
    progress(`${context.mode}: feed under load while one post is pushed to ${SUBSCRIBERS.toLocaleString('en-US')} browsers${label}`);
    const start = receiver.bulk.length;
    const { busy, arrivals, cpuMs, stages } = await profiled(app, `${context.mode}-push-fanout${ratePerSecond ? '-half' : ''}`, async () => {
      const busy = runLoad({ url: feedUrl, connections: options.connections, durationSeconds: options.durationSeconds, headers: poster, ratePerSecond });
      await sleep(1000);
      const cpuBefore = cpuSnapshot(app);
      const posted = await fetch(`${app.baseUrl}/api/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...poster },
        body: JSON.stringify({ title: 'Solid oak table', category: 'Furniture', location: { lat: HERE.lat + 1, lng: HERE.lng } }),
      });
      const answeredAt = Date.now();
      if (posted.status !== 201) throw new Error(`POST /api/items answered ${posted.status}`);
      await receiver.until(() => receiver.bulk.length >= start + SUBSCRIBERS, 120_000, `${SUBSCRIBERS} pushes`);
      const arrivals = receiver.bulk
        .slice(start)
        .map((t) => t - answeredAt)
        .sort((a, b) => a - b);
      const cpuMs = cpuUsedBetween(cpuBefore, cpuSnapshot(app));
      const { id } = (await posted.json()) as { id: string };
      // Where the time went: the write's transaction began at its rows' created_at, each delivery job claimed its
      // pushes at its deliveries' sent_at (its transaction's start).
      const { rows } = await db.query(
        `SELECT extract(epoch FROM min(n.created_at)) * 1000 AS written, extract(epoch FROM min(d.sent_at)) * 1000 AS first_claim,
                extract(epoch FROM max(d.sent_at)) * 1000 AS last_claim
         FROM notifications.notifications n LEFT JOIN notifications.deliveries d ON d.notification_id = n.id AND d.channel = 'push'
         WHERE n.data LIKE '%' || $1 || '%'`,
        [id],
      );
      const stages = {
        transaction_started_ms: Math.round(Number(rows[0].written) - answeredAt),
        first_claim_ms: Math.round(Number(rows[0].first_claim) - answeredAt),
        last_claim_ms: Math.round(Number(rows[0].last_claim) - answeredAt),
      };
      return { busy, arrivals, cpuMs, stages };
    });
    const during = await busy;
    if (!app.running) throw new Error(`the ${context.mode} app exited; last output:\n${app.recentOutput()}`);
    progress(
      `  ${arrivals.length} pushes, the last ${arrivals.at(-1)} ms after the post's answer; ${receiver.bulkSample.length} decrypted, ${receiver.refused.length} refused`,
    );
    if (receiver.refused.length > 0) throw new Error(`the receiver refused ${receiver.refused.length} pushes: ${receiver.refused[0].reason}`);
    context.report({
      items: SUBSCRIBERS,
      case: `post pushed to ${SUBSCRIBERS} browsers${ratePerSecond ? ', feed at half its capacity' : ''}`,
      layer: 'push-fanout',
      feed_rate: ratePerSecond ?? 'as fast as answered',
      recipients: arrivals.length,
      decrypted_sample: receiver.bulkSample.length,
      refused: receiver.refused.length,
      first_ms: arrivals[0],
      ...stages,
      // CPU of each process of the app from the post until the last push arrived (the feed's load included).
      ...cpuMs,
      p50_ms: percentile(arrivals, 50),
      all_sent_ms: arrivals.at(-1),
    });
    if (!ratePerSecond) reportFeed('feed alone', quiet);
    reportFeed(`feed during the push fan-out${ratePerSecond ? ', at half its capacity' : ''}`, during);
  }

  function reportFeed(name: string, result: LoadResult): void {
    context.report({
      items: SUBSCRIBERS,
      case: name,
      layer: 'http',
      p50_ms: result.p50_ms,
      p99_ms: result.p99_ms,
      max_ms: result.max_ms,
      rps: result.rps,
      errors: result.errors,
      connections: options.connections,
    });
  }
}

export const pushScenario: Scenario = {
  name: 'push',
  summary: `Web Push to a loopback push service: post → push p50/p99 for a premium member, one post pushed to ${SUBSCRIBERS} browsers and the feed meanwhile`,
  modes: RUN_MODES,
  run,
};
