import { Item, User } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, STACK_MODES } from './stack-modes';

const MANHATTAN = { lat: 40.758, lng: -73.9855 };

describe.each(STACK_MODES)('the platform slice, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;

  const itemCount = async (): Promise<number> => {
    const [{ count }] = await dataSourceOf(stack, 'items').query('SELECT count(*)::int AS count FROM items.items');
    return count;
  };

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start());
    api = new ApiClient(stack.url);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  it('reports every service healthy', async () => {
    const health = await api.get<{ status: string; services: Record<string, { status: string }> }>('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(Object.keys(health.body.services).sort()).toEqual(['emergency', 'gateway', 'items', 'notifications', 'photo-validation', 'rewards', 'users']);
  });

  it('creates a user, posts an item, shows it in the feed and keeps its 10 points pending until the pickup', async () => {
    const created = await api.post<User>('/api/users', { locationRadius: '2' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ points: 0, rank: 'Newbie', locationRadius: '2', badges: [] });
    expect(created.body.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
    expect(created.headers.getSetCookie().join()).toMatch(/curbside_session=.*HttpOnly.*SameSite=Lax/i);

    const posted = await api.post<Item>('/api/items', {
      title: 'Solid oak chair',
      description: 'A bit scuffed, very sturdy',
      category: 'Furniture',
      pricingType: 'free',
      location: MANHATTAN,
      timeLimit: 6,
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ title: 'Solid oak chair', status: 'available', posterId: created.body.id });

    const feed = await api.get<Item[]>(`/api/items?lat=${MANHATTAN.lat}&lng=${MANHATTAN.lng}&radius=5`);
    expect(feed.status).toBe(200);
    const mine = feed.body.find((i) => i.id === posted.body.id);
    expect(mine).toMatchObject({ poster: { id: created.body.id, rank: 'Newbie' } });
    // The poster sees the exact spot.
    expect(Number(mine!.latitude)).toBeCloseTo(MANHATTAN.lat, 6);

    // Post points wait for the pickup (docs/product-rules.md, "Points"; made final in pending-points.int-spec.ts).
    const me = await waitFor(
      async () => {
        const r = await api.get<User>(`/api/users/${created.body.id}`);
        return r.body.pendingPoints === 10 ? r.body : undefined;
      },
      { what: 'the +10 pending points to reach the user' },
    );
    expect(me).toMatchObject({ points: 0, pendingPoints: 10, rank: 'Newbie', locationRadius: '2', badges: [] });
    // The items read model learns the poster's name from user.created.
    await waitFor(
      async () => {
        const r = await api.get<Item[]>(`/api/items?lat=${MANHATTAN.lat}&lng=${MANHATTAN.lng}&radius=5`);
        return r.body.find((i) => i.id === posted.body.id)?.poster.username === created.body.username;
      },
      { what: 'the poster name in the feed' },
    );
  });

  it('shows other people only the public view of a user and a blurred position', async () => {
    const owner = await api.post<User>('/api/users', {});
    const posted = await api.post<Item>('/api/items', { title: 'Lamp', category: 'Household', location: MANHATTAN });
    expect(posted.status).toBe(201);
    const stranger = api.anotherBrowser();
    const view = await stranger.get<Record<string, unknown>>(`/api/users/${owner.body.id}`);
    expect(view.status).toBe(200);
    expect(Object.keys(view.body).sort()).toEqual(['badges', 'id', 'points', 'profileFrame', 'rank', 'scoutMode', 'subscriptionTier', 'username']);
    const feed = await stranger.get<Item[]>(`/api/items?lat=${MANHATTAN.lat}&lng=${MANHATTAN.lng}&radius=1`);
    const seen = feed.body.find((i) => i.id === posted.body.id)!;
    const offsetMeters = Math.hypot(
      (Number(seen.latitude) - MANHATTAN.lat) * 111_195,
      (Number(seen.longitude) - MANHATTAN.lng) * 111_195 * Math.cos((MANHATTAN.lat * Math.PI) / 180),
    );
    expect(offsetMeters).toBeGreaterThan(70);
    expect(offsetMeters).toBeLessThan(160);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await api.get('/api/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await api.get('/api/users/nope')).toMatchObject({ status: 400, body: { message: 'Must be a valid id' } });
  });

  describe('refuses bad input with a clear message and writes nothing', () => {
    const valid = { title: 'Desk', category: 'Furniture', location: MANHATTAN, timeLimit: 4 };
    const cases: [string, unknown, number, RegExp][] = [
      ['missing title', { ...valid, title: undefined }, 400, /title/i],
      ['blank title', { ...valid, title: '   ' }, 400, /Please enter a title for your item\./],
      ['latitude 999', { ...valid, location: { lat: 999, lng: 0 } }, 400, /Latitude must be between -90 and 90/],
      ['missing location', { ...valid, location: undefined }, 400, /Location is required/],
      ['category not in the list', { ...valid, category: 'Cars' }, 400, /Category/],
      ['time limit as text', { ...valid, timeLimit: 'soon' }, 400, /Time limit/],
      ['time limit of 25 hours', { ...valid, timeLimit: 25 }, 400, /between 1 and 24 hours/],
      ['a body that is an array', [valid], 400, /./],
      ['paid without a reward', { ...valid, pricingType: 'paid' }, 400, /reward/i],
    ];

    it.each(cases)('%s', async (_name, body, status, message) => {
      await api.post('/api/users', {});
      const before = await itemCount();
      const response = await api.post<{ message: string }>('/api/items', body);
      expect(response.status).toBe(status);
      expect(response.body.message).toMatch(message);
      expect(await itemCount()).toBe(before);
    });

    it('malformed JSON → 400', async () => {
      const before = await itemCount();
      const response = await api.postRaw<{ message: string }>('/api/items', '{"title": "Desk",');
      expect(response).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON' } });
      expect(await itemCount()).toBe(before);
    });

    it('a 2 MB body → 413', async () => {
      const before = await itemCount();
      const response = await api.postRaw<{ message: string }>('/api/items', JSON.stringify({ ...valid, description: 'x'.repeat(2_000_000) }));
      expect(response.status).toBe(413);
      expect(response.body.message).toMatch(/too large/);
      expect(await itemCount()).toBe(before);
    });

    it('posting without a session → 401; posting as somebody else → 403', async () => {
      const before = await itemCount();
      const anonymous = api.anotherBrowser();
      expect(await anonymous.post('/api/items', valid)).toMatchObject({ status: 401, body: { message: 'Please sign in first' } });
      const other = await anonymous.post<User>('/api/users', {});
      expect(await api.post('/api/items', { ...valid, posterId: other.body.id })).toMatchObject({
        status: 403,
        body: { message: 'You can only act as yourself' },
      });
      expect(await itemCount()).toBe(before);
    });

    it('bad user input → 400', async () => {
      expect(await api.post('/api/users', { locationRadius: 'far' })).toMatchObject({ status: 400 });
      expect(await api.post('/api/users', { firstName: '' })).toMatchObject({ status: 400, body: { message: 'Please enter your first name' } });
    });

    it('bad feed queries → 400', async () => {
      expect(await api.get('/api/items?lat=abc&lng=1')).toMatchObject({ status: 400, body: { message: 'Latitude must be a number' } });
      expect(await api.get('/api/items?lat=1&lng=1&radius=500')).toMatchObject({ status: 400, body: { message: 'Radius must be at most 100 miles' } });
      expect(await api.get('/api/items?lng=1')).toMatchObject({ status: 400 });
    });
  });

  it('serves the OpenAPI document and the SPA fallback', async () => {
    const docs = await api.get<{ openapi: string; paths: Record<string, unknown> }>('/api/openapi.json');
    expect(docs.body.openapi).toBe('3.1.1');
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/users', '/api/users/{id}', '/api/items', '/api/health']));
    expect((await api.get('/api/nothing-here')).status).toBe(404);
  });
});
