import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApiClient, EventStreamReader } from '@curbside/testing';
import { connectAppDatabase, prepareDistributed, prepareEmbedded, startApp } from '../harness/environments';
import { progress, sleep } from '../harness/log';
import { percentile, round } from '../harness/stats';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

const HERE = { lat: 47.6062, lng: -122.3321 };
/** The expiry sweep's period for this run (the app's default is 30 s; docs/product-rules.md, "Queue"). */
const SWEEP_MS = 1000;
const ROUNDS = 30;
/** One pickup fanning out to this many members who waited: 20 in line (the queue's cap) and the rest voters. */
const WAITING = 500;
const IN_LINE = 20;
const FIXTURES = join(resolve(__dirname, '..', '..', '..'), 'services', 'photo-validation', 'test', 'fixtures');
const PHOTO = readFileSync(join(FIXTURES, 'furniture-chair.jpg'));
/** The listing's own photo: another than the pickup's, which would be refused as a copy of it. */
const LISTING_PHOTO = readFileSync(join(FIXTURES, 'coffee-cup.jpg'));

type Db = { query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * Queue hand-over and pickup fan-out (docs/product-rules.md, "Queue", "A verified pickup"). Hand-over latency:
 * a hold is made to run out in the database, and the time runs until the queue's next member has "You're up" on
 * their live stream (bounded below by the sweep's period, EXPIRY_SWEEP_MS); the same after the holder releases
 * the hold over HTTP (no sweep in the way). Fan-out: one verified pickup of an item 500 members waited for, timed
 * from the claim's answer until every item_picked_up row is written.
 */
async function run(context: ScenarioContext): Promise<void> {
  const { options, scope } = context;
  const environment =
    context.mode === 'embedded'
      ? prepareEmbedded(scope, { logLevel: options.logLevel, logFile: context.logFile })
      : await prepareDistributed(scope, { logLevel: options.logLevel, logFile: context.logFile });
  Object.assign(environment.env, { EXPIRY_SWEEP_MS: String(SWEEP_MS), RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
  const app = await startApp(scope, environment);
  const { db } = await connectAppDatabase(scope, environment);
  const api = new ApiClient(app.baseUrl);

  const member = async () => {
    const browser = api.anotherBrowser();
    const { body } = await browser.post<{ id: string }>('/api/users', {});
    for (let i = 0; i < 200 && !(await known(db, body.id)); i++) await sleep(25);
    return { browser, id: body.id };
  };
  /** An item held by one member with another in line, whose live stream is open. */
  const heldWithOneInLine = async () => {
    const poster = await member();
    // Only an item with a photo can be held, and a post shows only a photo its poster uploaded.
    const uploaded = await poster.browser.postFile<{ imageUrl: string }>('/api/upload', 'photo', { name: 'cup.jpg', type: 'image/jpeg', bytes: LISTING_PHOTO });
    if (uploaded.status !== 200) throw new Error(`POST /api/upload answered ${uploaded.status}`);
    const posted = await poster.browser.post<{ id: string }>('/api/items', {
      title: 'Oak chair',
      category: 'Furniture',
      location: HERE,
      imageUrl: uploaded.body.imageUrl,
    });
    if (posted.status !== 201) throw new Error(`POST /api/items answered ${posted.status}`);
    const itemId = posted.body.id;
    const holder = await member();
    const reserved = await holder.browser.request('PATCH', `/api/items/${itemId}/claim`, {});
    if (reserved.status !== 200) throw new Error(`first dibs answered ${reserved.status}`);
    const next = await member();
    const joined = await next.browser.request('POST', `/api/items/${itemId}/queue`);
    if (joined.status !== 201) throw new Error(`joining the queue answered ${joined.status}`);
    const stream = await next.browser.eventStream('/api/events/stream');
    await stream.next((e) => e.event === 'count', 10_000);
    return { itemId, holder, next, stream };
  };
  const youAreUp = async (stream: EventStreamReader, since: number) => {
    const up = await stream.next((e) => e.event === 'notification' && e.data.includes('"you_are_up"'), 15_000);
    await stream.close();
    return up.receivedAt - since;
  };

  for (const how of ['lapsed', 'released'] as const) {
    progress(`${context.mode}: ${ROUNDS} holds ${how}, each with a member in line`);
    const latencies: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { itemId, holder, stream } = await heldWithOneInLine();
      const since = Date.now();
      if (how === 'lapsed') await db.query(`UPDATE items.items SET reserved_until = now() WHERE id = $1`, [itemId]);
      else if ((await holder.browser.request('DELETE', `/api/items/${itemId}/hold`)).status !== 200) throw new Error('releasing the hold failed');
      latencies.push(await youAreUp(stream, since));
    }
    latencies.sort((a, b) => a - b);
    context.report({
      items: ROUNDS,
      case: how === 'lapsed' ? `hold lapse -> next member's live "You're up" (sweep every ${SWEEP_MS} ms)` : `hold released -> next member's live "You're up"`,
      layer: 'sse',
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      max_ms: latencies.at(-1),
      min_ms: latencies[0],
    });
  }

  progress(`${context.mode}: one pickup of an item ${WAITING} members waited for`);
  const { itemId, holder, stream } = await heldWithOneInLine();
  await stream.close();
  // Real (version 4) ids: events carry them and are checked against their schema.
  const waiting = Array.from({ length: WAITING - 1 }, () => randomUUID());
  await db.query(
    `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version) SELECT u, '{}'::jsonb, 2, 'free', 1 FROM unnest($1::uuid[]) u`,
    [waiting],
  );
  await db.query(`INSERT INTO items.item_queue (item_id, user_id, position) SELECT $1, u, 100 + n FROM unnest($2::uuid[]) WITH ORDINALITY AS q(u, n)`, [
    itemId,
    waiting.slice(0, IN_LINE - 1),
  ]);
  await db.query(`INSERT INTO items.votes (item_id, user_id, local_date) SELECT $1, u, current_date FROM unnest($2::uuid[]) u`, [
    itemId,
    waiting.slice(IN_LINE - 1),
  ]);
  // The check of the pickup photo is the photo-validation bench's subject: its pass is written here.
  const photoHash = createHash('sha256').update(PHOTO).digest('hex');
  await db.query(`INSERT INTO items.pickup_validations (id, item_id, user_id, photo_hash, confidence) VALUES ($1, $2, $3, $4, 0.9)`, [
    randomUUID(),
    itemId,
    holder.id,
    photoHash,
  ]);
  const claimed = await holder.browser.request('PATCH', `/api/items/${itemId}/claim`, { verificationPhoto: PHOTO.toString('base64') });
  const answeredAt = performance.now();
  if (claimed.status !== 200) throw new Error(`the claim answered ${claimed.status}: ${JSON.stringify(claimed.body)}`);
  let written = 0;
  while (written < WAITING) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM notifications.notifications WHERE type = 'item_picked_up' AND data::jsonb ->> 'itemId' = $1`,
      [itemId],
    );
    written = Number(rows[0].n);
    if (performance.now() - answeredAt > 60_000) throw new Error(`only ${written} of ${WAITING} item_picked_up after 60 s`);
    if (written < WAITING) await sleep(10);
  }
  const fanoutMs = round(performance.now() - answeredAt, 0);
  progress(`  ${written} item_picked_up written ${fanoutMs} ms after the claim's answer`);
  context.report({ items: WAITING, case: `pickup telling ${WAITING} members who waited`, layer: 'fanout', recipients: written, fanout_ms: fanoutMs });
  if (!app.running) throw new Error(`the ${context.mode} app exited; last output:\n${app.recentOutput()}`);
}

async function known(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM items.posters WHERE user_id = $1', [userId]);
  return rows.length === 1;
}

export const queueScenario: Scenario = {
  name: 'queue',
  summary: `queue hand-over from a lapsed or released hold to the next member's live "You're up" (sweep ${SWEEP_MS} ms), and one pickup telling ${WAITING} members`,
  modes: RUN_MODES,
  run,
};
