import { Item, SERVICE_NAMES, User } from '@curbside/contracts';
import { ApiClient, createDistributedTestEnvironment, DistributedTestEnvironment, waitFor } from '@curbside/testing';
import { Client } from 'pg';
import { AppProcesses } from './app-processes';

/**
 * Issue #2's resilience check, with real processes on real PostgreSQL + NATS JetStream + Redis: the rewards
 * service crashes, 20 items are posted while it is down, it comes back and credits each exactly once.
 */
describe('a service that was down catches up (start:dist processes)', () => {
  let environment: DistributedTestEnvironment;
  let apps: AppProcesses;
  let api: ApiClient;
  let db: Client;

  beforeAll(async () => {
    environment = await createDistributedTestEnvironment();
    apps = new AppProcesses({ ...environment.env, HOST: '127.0.0.1' });
    for (const app of [...SERVICE_NAMES, 'gateway']) apps.start(app);
    api = new ApiClient(await apps.waitHealthy());
    db = new Client({ connectionString: environment.database.url });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await apps?.stopAll();
    await environment?.dispose();
  });

  it('credits the posts once rewards is back (ten a day, pending until the pickup), and the user’s points agree', async () => {
    const user = await api.post<User>('/api/users', {});
    expect(user.status).toBe(201);
    // The rewards service must know the user's tier before it dies, as it would in production.
    await waitFor(async () => (await db.query('SELECT 1 FROM rewards.members WHERE user_id = $1', [user.body.id])).rowCount === 1);

    await apps.crash('rewards');

    // The day's ten are counted in the posts' local day (Seattle): twenty posts straddling its midnight would be two
    // days' worth, so a run that would start in the minute before it waits for it to pass.
    const [h, m, sec] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Los_Angeles',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date())
      .split(':')
      .map(Number);
    const toMidnightMs = (24 * 3600 - (h * 3600 + m * 60 + sec)) * 1000;
    if (toMidnightMs < 60_000) await new Promise((r) => setTimeout(r, toMidnightMs + 1_000));

    const posted: Item[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await api.post<Item>('/api/items', {
        title: `Box of books #${i + 1}`,
        category: 'Books',
        location: { lat: 47.6062 + i * 0.001, lng: -122.3321 },
      });
      expect(response.status).toBe(201);
      posted.push(response.body);
    }
    // Nothing can be credited while rewards is down.
    const { rows: whileDown } = await db.query('SELECT count(*)::int AS n FROM rewards.ledger_entries WHERE user_id = $1', [user.body.id]);
    expect(whileDown[0].n).toBe(0);

    apps.start('rewards');
    await apps.waitHealthy();

    // Post points wait for the pickup (docs/product-rules.md, "Points"): 100 pending, none to spend, no badge yet.
    const me = await waitFor(
      async () => {
        const r = await api.get<User>(`/api/users/${user.body.id}`);
        return r.body.pendingPoints === 100 ? r.body : undefined;
      },
      { timeoutMs: 30_000, what: '100 pending points on the user' },
    );
    expect(me).toMatchObject({ points: 0, rank: 'Newbie', badges: [] });

    // Give any duplicate delivery time to show up, then count.
    await new Promise((r) => setTimeout(r, 1500));
    const pending = await db.query<{ n: number; total: number; events: number }>(
      `SELECT count(*)::int AS n, sum(amount)::int AS total, count(DISTINCT source_event_id)::int AS events
       FROM rewards.pending_credits WHERE user_id = $1`,
      [user.body.id],
    );
    // Ten posts paid (the day's cap), each pending once, from its own event; nothing in the ledger yet.
    expect(pending.rows[0]).toEqual({ n: 10, total: 100, events: 10 });
    const ledger = await db.query('SELECT count(*)::int AS n FROM rewards.ledger_entries WHERE user_id = $1', [user.body.id]);
    expect(ledger.rows[0]).toEqual({ n: 0 });
    const balance = await db.query('SELECT pending FROM rewards.pending_balances WHERE user_id = $1', [user.body.id]);
    expect(balance.rows[0]).toEqual({ pending: 100 });
    expect((await api.get<User>(`/api/users/${user.body.id}`)).body).toMatchObject({ points: 0, pendingPoints: 100 });
    // Every posted item left exactly one item.posted event.
    const outbox = await db.query(`SELECT count(*)::int AS n FROM items.outbox_events WHERE subject = 'item.posted.v1' AND published_at IS NOT NULL`);
    expect(outbox.rows[0].n).toBe(posted.length);
  }, 90_000);
});
