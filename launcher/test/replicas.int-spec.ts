import { randomUUID } from 'node:crypto';
import { healthCall, HealthReport, Item, RpcRequest, SERVICE_NAMES, User } from '@curbside/contracts';
import { NamespacedClientNats } from '@curbside/platform';
import { ApiClient, createDistributedTestEnvironment, DistributedTestEnvironment, waitFor } from '@curbside/testing';
import { Client } from 'pg';
import { firstValueFrom, timeout } from 'rxjs';
import { AppProcesses } from './app-processes';

const REPLICAS = [1, 2];
const instancesOf = (service: string) => REPLICAS.map((n) => `${service}#${n}`);

/**
 * `REPLICAS=2 npm run start:dist`, as processes on the real PostgreSQL, NATS JetStream and Redis: two of every
 * service share requests (NATS queue groups) and events (durable consumers), sweep expiries and relay outboxes
 * side by side, and one replica killed under load costs only the requests it held.
 */
describe('two replicas of every service (start:dist processes)', () => {
  let environment: DistributedTestEnvironment;
  let apps: AppProcesses;
  let api: ApiClient;
  let db: Client;
  let nats: NamespacedClientNats;

  beforeAll(async () => {
    environment = await createDistributedTestEnvironment();
    apps = new AppProcesses({
      ...environment.env,
      HOST: '127.0.0.1',
      EXPIRY_SWEEP_MS: '500',
      // One address sends all the load here: the per-IP write limit is not what this test measures.
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    });
    for (const service of SERVICE_NAMES) for (const instance of instancesOf(service)) apps.start(instance);
    apps.start('gateway');
    api = new ApiClient(await apps.waitHealthy(120_000));
    db = new Client({ connectionString: environment.database.url });
    await db.connect();
    nats = new NamespacedClientNats(environment.env.NAMESPACE, { servers: [environment.env.NATS_URL] });
    await nats.connect();
    // The gateway is healthy once one replica of each service answers; a busy machine may bring the second up later.
    const seen = new Map<string, string>();
    await waitFor(
      async () => {
        const counts = await Promise.all(
          SERVICE_NAMES.map(async (service) => {
            const pids = await answering(service).catch((err: Error) => [`failed: ${err.message}`]);
            seen.set(service, pids.join(', '));
            return pids.filter((pid) => pid.startsWith(':')).length;
          }),
        );
        return counts.every((count) => count === REPLICAS.length);
      },
      { timeoutMs: 90_000, what: 'both replicas of every service to answer' },
    ).catch((err: Error) => {
      const answered = [...seen].map(([service, pids]) => `${service}: ${pids}`).join('\n');
      throw new Error(`${err.message}\nanswered last:\n${answered}\n${apps.endedReport()}`);
    });
  }, 250_000);

  afterAll(async () => {
    await nats?.close();
    await db?.end();
    await apps?.stopAll();
    await environment?.dispose();
  });

  /** A user whose tier the rewards service knows already (as it would in production before they post). */
  async function newPoster(client = api.anotherBrowser()): Promise<{ client: ApiClient; user: User }> {
    const created = await client.post<User>('/api/users', {});
    expect(created.status).toBe(201);
    await rewardsKnow(created.body);
    return { client, user: created.body };
  }

  /** A user.created the killed rewards replica had taken comes again after JetStream's ack wait (30 s). */
  async function rewardsKnow(user: User): Promise<void> {
    await waitFor(async () => (await db.query('SELECT 1 FROM rewards.members WHERE user_id = $1', [user.id])).rowCount === 1, {
      timeoutMs: 45_000,
      what: `rewards to know ${user.id}`,
    });
  }

  const post = (client: ApiClient, title: string) =>
    client.post<Item>('/api/items', { title, category: 'Furniture', location: { lat: 45.5 + Math.random() / 100, lng: -122.6 } });

  /** The poster's pending post points (docs/product-rules.md, "Points": a post's points wait for the pickup), as rewards sums them. */
  async function pointsOf(user: User): Promise<number> {
    const { rows } = await db.query<{ pending: number }>('SELECT pending FROM rewards.pending_balances WHERE user_id = $1', [user.id]);
    return rows[0]?.pending ?? 0;
  }

  /** The pids (`:1234`) of the service's replicas that answered up to 40 health calls, sorted; each answer must be ok. */
  async function answering(service: (typeof SERVICE_NAMES)[number]): Promise<string[]> {
    const answered = new Set<string>();
    for (let i = 0; i < 40 && answered.size < REPLICAS.length; i++) {
      const request: RpcRequest = { meta: { requestId: randomUUID() }, body: {} };
      const report = await firstValueFrom(nats.send<HealthReport>(healthCall(service).subject, request).pipe(timeout(3000)));
      if (report.status !== 'ok') throw new Error(`${report.instance} is ${report.status}: ${JSON.stringify(report.checks)}`);
      answered.add(report.instance ?? 'unknown');
    }
    return [...answered].map((a) => a.slice(a.lastIndexOf(':'))).sort();
  }

  it('spreads requests over both replicas of each service', async () => {
    for (const service of SERVICE_NAMES) {
      const pids = instancesOf(service).map((instance) => `:${apps.pid(instance)}`);
      expect(await answering(service)).toEqual(pids.sort());
    }
  }, 60_000);

  it('applies each event once across the pair, relays each once and expires each item once', async () => {
    const { client, user } = await newPoster();
    const items: Item[] = [];
    for (let batch = 0; batch < 2; batch++) {
      const posted = await Promise.all(Array.from({ length: 4 }, (_, i) => post(client, `Chair ${batch * 4 + i + 1}`)));
      for (const response of posted) {
        expect(response.status).toBe(201);
        items.push(response.body);
      }
    }
    const expected = expectedPoints(items.length);
    await waitFor(async () => (await pointsOf(user)) === expected, { timeoutMs: 30_000, what: `${expected} points` });

    // Both replicas' relays poll the same outbox: each event left once.
    const relayed = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM items.outbox_events WHERE subject = 'item.posted.v1' AND payload->>'posterId' = $1 AND published_at IS NOT NULL`,
      [user.id],
    );
    expect(relayed.rows[0].n).toBe(items.length);

    // Both replicas sweep every 500 ms: each lapsed item is expired, and announced, exactly once.
    const lapsed = items.slice(0, 5).map((i) => i.id);
    await db.query(`UPDATE items.items SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [lapsed]);
    await waitFor(async () => (await db.query(`SELECT 1 FROM items.items WHERE id = ANY($1) AND status = 'expired'`, [lapsed])).rowCount === lapsed.length, {
      timeoutMs: 20_000,
      what: 'the lapsed items to expire',
    });
    await new Promise((r) => setTimeout(r, 1500));
    const expired = await db.query<{ item: string; n: number }>(
      `SELECT payload->>'itemId' AS item, count(*)::int AS n FROM items.outbox_events WHERE subject = 'item.expired.v1' AND payload->>'itemId' = ANY($1) GROUP BY 1`,
      [lapsed],
    );
    expect(expired.rows.map((r) => r.n)).toEqual(lapsed.map(() => 1));

    // Give any duplicate delivery time to show, then the points are still those of one application each.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await pointsOf(user)).toBe(expected);
  }, 90_000);

  it('loses and doubles nothing when a replica is killed under load, and fails only the requests it held', async () => {
    const WORKERS = 4;
    const POSTS_PER_POSTER = 8;
    const statuses: number[] = [];
    const posters: User[] = [];
    let stop = false;

    const worker = async () => {
      while (!stop) {
        const client = api.anotherBrowser();
        // A sign-up the killed users replica held may fail like any other request it held: counted, then the next one.
        const created = await client.post<User>('/api/users', {});
        statuses.push(created.status);
        if (created.status !== 201) continue;
        const user = created.body;
        await rewardsKnow(user);
        posters.push(user);
        for (let i = 0; i < POSTS_PER_POSTER && !stop; i++) statuses.push((await post(client, `Lamp ${i + 1}`)).status);
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, worker));
    await waitFor(() => statuses.length >= 20, { timeoutMs: 30_000, what: 'load to build up' });
    await Promise.all([apps.crash('items#1'), apps.crash('rewards#1'), apps.crash('users#1')]);
    const afterCrash = statuses.length;
    await waitFor(() => statuses.length >= afterCrash + 30, { timeoutMs: 60_000, what: 'load to go on after the crash' });
    stop = true;
    await load;

    // Only requests the killed replicas held can fail (at most one in flight per worker), and only with a 5xx.
    const failed = statuses.filter((s) => s !== 201);
    expect(failed.every((s) => s >= 500)).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(WORKERS);

    // Every item that exists was credited exactly once to its poster (JetStream redelivers what the dead
    // rewards replica had taken but not acknowledged, after its ack wait).
    for (const poster of posters) {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM items.items WHERE poster_id = $1', [poster.id]);
      const expected = expectedPoints(rows[0].n);
      await waitFor(async () => (await pointsOf(poster)) === expected, { timeoutMs: 60_000, what: `${expected} points for ${poster.id}` });
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (const poster of posters) {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM items.items WHERE poster_id = $1', [poster.id]);
      expect(await pointsOf(poster)).toBe(expectedPoints(rows[0].n));
    }
  }, 180_000);
});

/** +10 a post (free tier) for at most ten posts a day, pending until the pickup (no badge before that). */
function expectedPoints(posts: number): number {
  return Math.min(posts, 10) * 10;
}
