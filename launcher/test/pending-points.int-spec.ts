import { randomInt } from 'node:crypto';
import { Item, User } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, lastSmsCode, newNeighbour, postOlderThanAnHour, STACK_MODES } from './stack-modes';

const HERE = { lat: 40.7306, lng: -73.9866 };

/**
 * Post points wait for the pickup (docs/product-rules.md, "Points"), through the API: a post's points show as pending
 * in the poster's own view and count nowhere; an unverified neighbour's "still there" changes nothing; a verified
 * neighbour's makes them final (points, First Post Badge, leaderboard).
 */
describe.each(STACK_MODES)('pending post points, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;

  const member = () => newNeighbour(stack, api);

  const verify = async (browser: ApiClient, userId: string) => {
    const phone = `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    await browser.post('/api/phone/send-code', { phone, name: 'Verified Neighbour' });
    await browser.post('/api/phone/verify-code', { phone, code: lastSmsCode(stack, `+1${phone}`) });
    await waitFor(
      async () => (await dataSourceOf(stack, 'items').query('SELECT is_verified FROM items.posters WHERE user_id = $1', [userId]))[0]?.is_verified === true,
    );
  };

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({ RATE_LIMIT_WRITES_PER_MINUTE: '5000', RATE_LIMIT_AUTH_PER_15_MINUTES: '1000' }));
    api = new ApiClient(stack.url);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  it('post → the poster sees +10 pending and 0 points; a verified neighbour says still there → 20 points, nothing pending', async () => {
    const poster = await member();
    const posted = await poster.browser.post<Item>('/api/items', { title: 'Reading lamp', category: 'Household', location: HERE, timeLimit: 12 });
    expect(posted.status).toBe(201);

    const pending = await waitFor(
      async () => {
        const me = (await poster.browser.get<User>(`/api/users/${poster.user.id}`)).body;
        return me.pendingPoints === 10 ? me : undefined;
      },
      { what: 'the post’s points, pending' },
    );
    expect(pending).toMatchObject({ points: 0, pendingPoints: 10, rank: 'Newbie', badges: [] });
    // Nobody else sees them, and they are on no leaderboard.
    expect(Object.keys((await api.anotherBrowser().get<Record<string, unknown>>(`/api/users/${poster.user.id}`)).body)).not.toContain('pendingPoints');
    const board = await api.get<{ id: string }[]>('/api/leaderboard?limit=100');
    expect(board.body.map((e) => e.id)).not.toContain(poster.user.id);

    const unverified = await member();
    expect((await unverified.browser.post(`/api/items/${posted.body.id}/still-there`, { stillThere: true })).status).toBe(201);
    const verified = await member();
    await verify(verified.browser, verified.user.id);
    // Wait until rewards has read the unverified answer (item.still-there): it changed nothing.
    const [check] = await dataSourceOf(stack, 'items').query(
      `SELECT id FROM items.outbox_events WHERE subject LIKE '%item.still-there.v1' AND payload->>'confirmerId' = $1`,
      [unverified.user.id],
    );
    expect(check).toBeDefined();
    await waitFor(
      async () => (await dataSourceOf(stack, 'rewards').query('SELECT 1 FROM rewards.processed_events WHERE event_id = $1', [check.id])).length === 1,
      {
        what: 'the unverified answer read by rewards',
      },
    );
    expect((await poster.browser.get<User>(`/api/users/${poster.user.id}`)).body).toMatchObject({ points: 0, pendingPoints: 10 });
    // Points never become final in the post's first hour, while deleting it could still take them back: the post is
    // made an hour older where the ledger keeps its time, as the clock would.
    await postOlderThanAnHour(stack, posted.body.id);
    expect((await verified.browser.post(`/api/items/${posted.body.id}/still-there`, { stillThere: true })).status).toBe(201);

    const final = await waitFor(
      async () => {
        const me = (await poster.browser.get<User>(`/api/users/${poster.user.id}`)).body;
        // The balance is read from the ledger as it is asked; the badge reaches the member's record by its event.
        return me.points === 20 && me.badges.length > 0 ? me : undefined;
      },
      { what: 'the post’s points, final, and the First Post Badge' },
    );
    expect(final).toMatchObject({ points: 20, pendingPoints: 0, badges: ['First Post Badge'] });
  });
});
