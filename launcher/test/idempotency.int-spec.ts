import { randomUUID } from 'node:crypto';
import { IdempotencyError, type Item } from '@curbside/contracts';
import { ApiClient, type ApiResponse, waitFor } from '@curbside/testing';
import sharp from 'sharp';
import { RunningStack } from '../src/stack';
import { dataSourceOf, STACK_MODES } from './stack-modes';

const HERE = { lat: 47.6097, lng: -122.3331 };
const IN_PROGRESS = { code: IdempotencyError.IN_PROGRESS, message: 'This request is still being processed. Try again in a moment.', retryAfterSeconds: 1 };

interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A member's browser; `key` sends an Idempotency-Key with the call. */
interface Member {
  id: string;
  send<T = unknown>(method: string, path: string, body?: unknown, key?: string): Promise<Answer<T>>;
  upload<T = unknown>(bytes: Buffer, key?: string): Promise<Answer<T>>;
}

describe.each(STACK_MODES)('Idempotency-Key on creating calls, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let photo: Buffer;
  let otherPhoto: Buffer;

  const sql = <T = Record<string, unknown>>(service: string, query: string, params: unknown[] = []): Promise<T[]> =>
    dataSourceOf(stack, service).query(query, params);
  const count = async (service: string, query: string, params: unknown[]) => (await sql<{ n: number }>(service, query, params))[0].n;

  const member = async (): Promise<Member> => {
    const browser = new ApiClient(stack.url);
    const { id } = (await browser.post<{ id: string }>('/api/users', {})).body;
    const as = (key?: string) => (key === undefined ? browser : browser.withHeaders({ 'Idempotency-Key': key }));
    // Status and body only: the headers of two answers differ by date and request id.
    const answer = <T>({ status, body }: ApiResponse<T>): Answer<T> => ({ status, body });
    // The items service learns of the user through user.created.
    await waitFor(async () => (await sql('items', 'SELECT 1 FROM items.posters WHERE user_id = $1', [id])).length === 1);
    return {
      id,
      send: async (method, path, body, key) => answer(await as(key).request(method, path, body)),
      upload: async (bytes, key) => answer(await as(key).postFile('/api/upload', 'photo', { name: 'item.jpg', type: 'image/jpeg', bytes })),
    };
  };
  const newItem = (title = 'Sturdy bookshelf', extra: Record<string, unknown> = {}) => ({
    title,
    category: 'Furniture',
    location: HERE,
    timeLimit: 12,
    ...extra,
  });
  const itemsOf = (posterId: string) => count('items', 'SELECT count(*)::int AS n FROM items.items WHERE poster_id = $1', [posterId]);

  /** 20 copies of one call at once: one writes; each other one replays its answer or is told it is in progress. */
  const twentyAtOnce = async (send: () => Promise<Answer>, okStatus: number) => {
    const answers = await Promise.all(Array.from({ length: 20 }, send));
    const done = answers.filter((a) => a.status === okStatus);
    const waiting = answers.filter((a) => a.status === 409);
    expect(done.length + waiting.length).toBe(20);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const answer of done) expect(answer.body).toEqual(done[0].body);
    for (const answer of waiting) expect(answer.body).toEqual(IN_PROGRESS);
    // Once the first has finished, a retry gets its answer.
    await waitFor(async () => (await send()).status === okStatus);
    expect(await send()).toEqual(done[0]);
    return done[0];
  };

  beforeAll(async () => {
    // A short wait for services, so a post held up by a lock outlives it (the 503 of a NATS restart).
    ({ stack, dispose } = await mode.start({ RATE_LIMIT_WRITES_PER_MINUTE: '5000', RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', RPC_TIMEOUT_MS: '2500' }));
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8b5a2b' } })
      .jpeg()
      .toBuffer();
    otherPhoto = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2b5a8b' } })
      .jpeg()
      .toBuffer();
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  describe('posting an item', () => {
    it('replays the first answer to a sequential retry (same status and body) and writes one row', async () => {
      const poster = await member();
      const key = randomUUID();

      const first = await poster.send<Item>('POST', '/api/items', newItem(), key);
      const retry = await poster.send<Item>('POST', '/api/items', newItem(), key);

      expect(first.status).toBe(201);
      expect(retry).toEqual(first);
      expect(await itemsOf(poster.id)).toBe(1);
    });

    it('replays a post the gateway gave up waiting for (503) but the service saved, instead of posting it again', async () => {
      const poster = await member();
      const key = randomUUID();
      const blocker = dataSourceOf(stack, 'items').createQueryRunner();
      await blocker.connect();
      await blocker.startTransaction();
      await blocker.query('LOCK TABLE items.items IN EXCLUSIVE MODE');
      let first: Answer<{ code: string }>;
      try {
        first = await poster.send('POST', '/api/items', newItem(), key);
      } finally {
        await blocker.rollbackTransaction();
        await blocker.release();
      }
      expect(first).toMatchObject({ status: 503, body: { code: 'COMMON.UNAVAILABLE' } });

      await waitFor(async () => (await poster.send('POST', '/api/items', newItem(), key)).status === 201);
      const retry = await poster.send<Item>('POST', '/api/items', newItem(), key);
      expect(retry.body).toMatchObject({ title: 'Sturdy bookshelf', posterId: poster.id });
      expect(await itemsOf(poster.id)).toBe(1);
    });

    it('writes one row for 20 copies at once; every answer is the replay or "in progress", none 5xx', async () => {
      const poster = await member();
      const key = randomUUID();

      const answer = await twentyAtOnce(() => poster.send('POST', '/api/items', newItem(), key), 201);

      expect(answer.body).toMatchObject({ title: 'Sturdy bookshelf', posterId: poster.id });
      expect(await itemsOf(poster.id)).toBe(1);
    });

    it('refuses the same key with another body (422) and writes nothing for it', async () => {
      const poster = await member();
      const key = randomUUID();
      await poster.send('POST', '/api/items', newItem(), key);

      expect(await poster.send('POST', '/api/items', newItem('Another bookshelf'), key)).toEqual({
        status: 422,
        body: {
          code: IdempotencyError.KEY_REUSED,
          message: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
        },
      });
      expect(await itemsOf(poster.id)).toBe(1);
    });

    it('keeps keys apart per caller, and a garage sale is a creating post too', async () => {
      const [alice, bob] = [await member(), await member()];
      const key = randomUUID();
      const sale = {
        isGarageSale: true,
        title: 'Moving sale',
        description: 'Everything must go',
        category: 'Furniture',
        latitude: String(HERE.lat),
        longitude: String(HERE.lng),
        locationDescription: 'Capitol Hill',
        pricingType: 'free',
        timeLimit: 72,
        garageSaleStartTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
        garageSaleEndTime: new Date(Date.now() + 32 * 3600_000).toISOString(),
        garageSaleAddress: '123 Pine St, Seattle',
        garageSaleContactInfo: 'Ring the bell',
      };

      const first = await alice.send<Item>('POST', '/api/items', sale, key);
      expect(await alice.send('POST', '/api/items', sale, key)).toEqual(first);
      expect((await bob.send<Item>('POST', '/api/items', sale, key)).body.id).not.toBe(first.body.id);
      expect([await itemsOf(alice.id), await itemsOf(bob.id)]).toEqual([1, 1]);
    });

    it('without a key, posts as before (two posts, two rows); a malformed key is a 400 that says why', async () => {
      const poster = await member();
      expect((await poster.send('POST', '/api/items', newItem())).status).toBe(201);
      expect((await poster.send('POST', '/api/items', newItem())).status).toBe(201);
      expect(await itemsOf(poster.id)).toBe(2);

      expect(await poster.send('POST', '/api/items', newItem(), 'x'.repeat(256))).toMatchObject({
        status: 400,
        body: { message: 'Idempotency-Key must be at most 255 characters' },
      });
      expect(await poster.send('POST', '/api/items', newItem(), '')).toMatchObject({ status: 400, body: { message: 'Idempotency-Key must not be empty' } });
      expect(await itemsOf(poster.id)).toBe(2);
    });
  });

  describe('comments, reports, redemptions, claims', () => {
    it('writes one comment for a retried comment, sequential and 20 at once', async () => {
      const poster = await member();
      const item = (await poster.send<Item>('POST', '/api/items', newItem())).body;
      const neighbour = await member();
      const comments = () => count('items', 'SELECT count(*)::int AS n FROM items.comments WHERE user_id = $1', [neighbour.id]);
      const path = `/api/items/${item.id}/comments`;

      const key = randomUUID();
      const first = await neighbour.send('POST', path, { content: 'Still there?' }, key);
      expect(first.status).toBe(201);
      expect(await neighbour.send('POST', path, { content: 'Still there?' }, key)).toEqual(first);
      expect(await comments()).toBe(1);

      const burstKey = randomUUID();
      await twentyAtOnce(() => neighbour.send('POST', path, { content: 'Is it heavy?' }, burstKey), 201);
      expect(await comments()).toBe(2);
      expect((await neighbour.send('POST', path, { content: 'Another text' }, burstKey)).status).toBe(422);
    });

    it('gives the key back when the call is refused, so the corrected retry goes through', async () => {
      const poster = await member();
      const item = (await poster.send<Item>('POST', '/api/items', newItem())).body;
      const neighbour = await member();
      const key = randomUUID();

      expect(await neighbour.send('POST', `/api/items/${randomUUID()}/comments`, { content: 'Hello' }, key)).toMatchObject({ status: 404 });
      expect(await neighbour.send('POST', `/api/items/${item.id}/comments`, { content: 'Hello' }, key)).toMatchObject({ status: 201 });
    });

    it('files one report for a retried report', async () => {
      const poster = await member();
      const item = (await poster.send<Item>('POST', '/api/items', newItem())).body;
      const neighbour = await member();
      const report = { reportedItemId: item.id, reportType: 'spam', reason: 'Advertising' };
      const key = randomUUID();

      const first = await neighbour.send('POST', '/api/reports', report, key);
      expect(first).toMatchObject({ status: 201, body: { success: true } });
      // Without the key the repeat would be "You have already reported this item" (409).
      expect(await neighbour.send('POST', '/api/reports', report, key)).toEqual(first);
      expect(await count('items', 'SELECT count(*)::int AS n FROM items.reports WHERE reporter_id = $1', [neighbour.id])).toBe(1);
    });

    it('spends points once for a retried redemption, sequential and 20 at once', async () => {
      const shopper = await member();
      await sql('rewards', `INSERT INTO rewards.balances (user_id, points, version) VALUES ($1, 500, 1) ON CONFLICT (user_id) DO UPDATE SET points = 500`, [
        shopper.id,
      ]);
      const rewards = (await shopper.send<{ id: string; name: string; pointsCost: number }[]>('GET', '/api/rewards')).body;
      const spotlight = rewards.find((r) => r.name === 'Spotlight Post');
      if (!spotlight) throw new Error('no Spotlight Post in the catalogue');
      const path = `/api/rewards/${spotlight.id}/redeem`;
      const redemptions = () => count('rewards', 'SELECT count(*)::int AS n FROM rewards.redemptions WHERE user_id = $1', [shopper.id]);
      const points = async () => (await sql<{ points: number }>('rewards', 'SELECT points FROM rewards.balances WHERE user_id = $1', [shopper.id]))[0].points;

      const key = randomUUID();
      const first = await shopper.send('POST', path, { userId: shopper.id }, key);
      expect(first.status).toBeLessThan(300);
      expect(await shopper.send('POST', path, { userId: shopper.id }, key)).toEqual(first);
      expect(await redemptions()).toBe(1);
      expect(await points()).toBe(500 - spotlight.pointsCost);

      const burstKey = randomUUID();
      await twentyAtOnce(() => shopper.send('POST', path, { userId: shopper.id }, burstKey), first.status);
      expect(await redemptions()).toBe(2);
      expect(await points()).toBe(500 - 2 * spotlight.pointsCost);
    });

    it('uploads one photo for a retried upload: the same URL, sequential and 20 at once; another file under the key is 422', async () => {
      const poster = await member();
      const key = randomUUID();

      const first = await poster.upload<{ imageUrl: string; thumbnailUrl: string }>(photo, key);
      expect(first.status).toBeLessThan(300);
      expect(await poster.upload(photo, key)).toEqual(first);
      expect((await fetch(`${stack.url}${first.body.imageUrl}`)).status).toBe(200);
      expect(await poster.upload(otherPhoto, key)).toMatchObject({ status: 422, body: { code: IdempotencyError.KEY_REUSED } });

      const burstKey = randomUUID();
      const burst = await Promise.all(Array.from({ length: 20 }, () => poster.upload(photo, burstKey)));
      expect(new Set(burst.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify(burst[0])]));
      expect(burst[0].status).toBe(first.status);

      const unkeyed = [await poster.upload<{ imageUrl: string }>(photo), await poster.upload<{ imageUrl: string }>(photo)];
      expect(unkeyed[0].body.imageUrl).not.toBe(unkeyed[1].body.imageUrl);
    });

    it('reserves once for a retried claim', async () => {
      const poster = await member();
      const imageUrl = (await poster.upload<{ imageUrl: string }>(photo)).body.imageUrl;
      const item = (await poster.send<Item>('POST', '/api/items', newItem('Armchair', { imageUrl }))).body;
      const neighbour = await member();
      const key = randomUUID();

      const first = await neighbour.send<{ item: Item }>('PATCH', `/api/items/${item.id}/claim`, {}, key);
      expect(first.body.item).toMatchObject({ status: 'first_dibs', reservedById: neighbour.id });
      expect(await neighbour.send('PATCH', `/api/items/${item.id}/claim`, {}, key)).toEqual(first);
      expect(await neighbour.send('PATCH', `/api/items/${item.id}/claim`, {}, randomUUID())).toMatchObject({ status: 409 });
    });
  });

  it('keeps the records in the schema of the service that wrote', async () => {
    expect(await count('items', 'SELECT count(*)::int AS n FROM items.idempotency_keys WHERE completed_at IS NOT NULL', [])).toBeGreaterThan(0);
    expect(await count('rewards', 'SELECT count(*)::int AS n FROM rewards.idempotency_keys WHERE completed_at IS NOT NULL', [])).toBeGreaterThan(0);
  });
});
