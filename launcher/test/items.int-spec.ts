import { randomInt } from 'node:crypto';
import { Comment, Item, Place, PLACE_QUERY_MESSAGE, User } from '@curbside/contracts';
import { ExpiryScheduler } from '@curbside/items-service';
import { ApiClient, waitFor } from '@curbside/testing';
import sharp from 'sharp';
import { RunningStack } from '../src/stack';
import { dataSourceOf, lastSmsCode, STACK_MODES } from './stack-modes';

const HERE = { lat: 47.6097, lng: -122.3331 };
const HOUR = 3600 * 1000;

describe.each(STACK_MODES)('items, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;
  let photo: Buffer;

  const sql = (query: string, params: unknown[] = []) => dataSourceOf(stack, 'items').query(query, params);
  const neighbour = async () => {
    const browser = api.anotherBrowser();
    const user = (await browser.post<User>('/api/users', {})).body;
    // The items service learns of the user through user.created.
    await waitFor(async () => (await sql('SELECT 1 FROM items.posters WHERE user_id = $1', [user.id])).length === 1);
    return { browser, user };
  };
  const uploadPhoto = async (browser: ApiClient) =>
    (await browser.postFile<{ imageUrl: string }>('/api/upload', 'photo', { name: 'item.jpg', type: 'image/jpeg', bytes: photo })).body.imageUrl;
  const postItem = async (browser: ApiClient, extra: Record<string, unknown> = {}) => {
    const response = await browser.post<Item>('/api/items', { title: 'Sturdy bookshelf', category: 'Furniture', location: HERE, timeLimit: 12, ...extra });
    expect(response.status).toBe(201);
    return response.body;
  };
  const feed = (browser: ApiClient, query = '') => browser.get<Item[]>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5${query}`);
  const garageSale = (extra: Record<string, unknown> = {}) => ({
    isGarageSale: true,
    title: 'Moving sale',
    description: 'Everything must go',
    category: 'Furniture',
    latitude: String(HERE.lat),
    longitude: String(HERE.lng),
    locationDescription: 'Capitol Hill',
    pricingType: 'free',
    timeLimit: 72,
    garageSaleStartTime: new Date(Date.now() + 24 * HOUR).toISOString(),
    garageSaleEndTime: new Date(Date.now() + 32 * HOUR).toISOString(),
    garageSaleAddress: '123 Pine St, Seattle',
    garageSaleContactInfo: 'Ring the bell',
    ...extra,
  });
  const verify = async (browser: ApiClient, userId: string) => {
    const phone = `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    await browser.post('/api/phone/send-code', { phone, name: 'Verified Neighbour' });
    await browser.post('/api/phone/verify-code', { phone, code: lastSmsCode(stack, `+1${phone}`) });
    await waitFor(async () => (await sql('SELECT is_verified FROM items.posters WHERE user_id = $1', [userId]))[0]?.is_verified === true);
  };

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({ RATE_LIMIT_WRITES_PER_MINUTE: '5000', RATE_LIMIT_AUTH_PER_15_MINUTES: '1000' }));
    api = new ApiClient(stack.url);
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8b5a2b' } })
      .jpeg()
      .toBuffer();
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  describe('posting', () => {
    it('posts a garage sale, always free, with its schedule and address', async () => {
      const { browser } = await neighbour();
      const response = await browser.post<Item>('/api/items', garageSale());
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        isGarageSale: true,
        pricingType: 'free',
        garageSaleAddress: '123 Pine St, Seattle',
        timeLimit: 72,
        urgency: 'Flexible',
      });
    });

    it.each([
      ['a title over 100 characters', { title: 'x'.repeat(101) }, 'Title must be under 100 characters'],
      ['a description over 500 characters', { description: 'x'.repeat(501) }, 'Description must be under 500 characters'],
      ['no address', { garageSaleAddress: ' ' }, 'Full address is required'],
      ['no contact', { garageSaleContactInfo: undefined }, 'Contact information is required'],
      ['no location', { locationDescription: '' }, 'Location is required'],
      ['no start', { garageSaleStartTime: undefined }, 'Start date is required'],
      ['no end', { garageSaleEndTime: undefined }, 'End date is required'],
      ['12 hours', { timeLimit: 12 }, 'Garage sales must be posted for at least 24 hours'],
      ['200 hours', { timeLimit: 200 }, 'Maximum 7 days'],
      ['a reward', { pricingType: 'paid' }, 'Garage sales are always free'],
      ['an end before its start', { garageSaleEndTime: new Date(Date.now() + 2 * HOUR).toISOString() }, 'The end must be after the start'],
      [
        'a past sale',
        { garageSaleStartTime: new Date(Date.now() - 5 * HOUR).toISOString(), garageSaleEndTime: new Date(Date.now() - HOUR).toISOString() },
        'This garage sale has already ended',
      ],
    ])('refuses a garage sale with %s, writing nothing', async (_name, change, message) => {
      const { browser, user } = await neighbour();
      expect(await browser.post('/api/items', garageSale(change))).toMatchObject({ status: 400, body: { message } });
      expect(await sql('SELECT 1 FROM items.items WHERE poster_id = $1', [user.id])).toHaveLength(0);
    });

    it('lets only verified users post a reward, in cents from $1 to $100', async () => {
      const { browser, user } = await neighbour();
      expect(
        await browser.post('/api/items', { title: 'Couch', category: 'Furniture', location: HERE, pricingType: 'paid', customAmount: 1500 }),
      ).toMatchObject({
        status: 403,
        body: { message: 'Only verified users can post items with a reward. Please verify your account first.' },
      });
      await verify(browser, user.id);
      expect(await browser.post('/api/items', { title: 'Couch', category: 'Furniture', location: HERE, pricingType: 'paid', customAmount: 50 })).toMatchObject({
        status: 400,
        body: { message: 'Reward must be between $1 and $100' },
      });
      expect((await postItem(browser, { pricingType: 'paid', customAmount: 1500 })).customAmount).toBe(1500);
    });

    it('makes scout finds free, 24 h and with a photo, for Scouts only', async () => {
      const { browser, user } = await neighbour();
      const imageUrl = await uploadPhoto(browser);
      // The items service heard of the photo, and of who sent it, before it was stored: unposted, it goes in a day.
      expect(await sql('SELECT user_id FROM items.photo_uploads WHERE photo_key = $1', [imageUrl.replace('/api/media/', '')])).toEqual([{ user_id: user.id }]);
      expect(await browser.post('/api/items', { title: 'Lamp', category: 'Household', location: HERE, scoutFind: true, imageUrl })).toMatchObject({
        status: 403,
        body: { message: 'Only Scouts can post scout finds. Turn on scout mode first.' },
      });
      expect(await browser.post('/api/items', { title: 'Lamp', category: 'Household', location: HERE, scoutFind: true })).toMatchObject({
        status: 400,
        body: { message: 'Scout finds need a photo' },
      });
      await verify(browser, user.id);
      await browser.request('PATCH', `/api/users/${user.id}/scout-mode`, { scoutMode: true });
      await waitFor(async () => (await sql('SELECT scout_mode FROM items.posters WHERE user_id = $1', [user.id]))[0]?.scout_mode === true);
      const find = await postItem(browser, { scoutFind: true, imageUrl, pricingType: 'paid', customAmount: 500, timeLimit: 3 });
      expect(find).toMatchObject({ isScoutFind: true, pricingType: 'free', customAmount: null, timeLimit: 24 });
    });

    it('takes only photos uploaded to us', async () => {
      const { browser } = await neighbour();
      expect(
        await browser.post('/api/items', { title: 'Desk', category: 'Furniture', location: HERE, imageUrl: 'https://tracker.example/pixel.gif' }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Upload the photo with POST /api/upload and send the imageUrl it returns' },
      });
    });

    it('finds similar items for the duplicates dialog: close by, recent, a similar title', async () => {
      const { browser } = await neighbour();
      const original = await postItem(browser, { title: 'Oak dining chair' });
      const similar = await api.get<Item[]>(`/api/items/similar?lat=${HERE.lat}&lng=${HERE.lng}&title=${encodeURIComponent('oak dining chairs')}`);
      expect(similar.body.map((i) => i.id)).toContain(original.id);
      const farAway = await api.get<Item[]>(`/api/items/similar?lat=${HERE.lat + 0.01}&lng=${HERE.lng}&title=${encodeURIComponent('oak dining chair')}`);
      expect(farAway.body.map((i) => i.id)).not.toContain(original.id);
    });
  });

  describe('places, for members who keep their position to themselves', () => {
    it('looks up a ZIP code or a city from the data shipped with the app, and says what it wants of bad input', async () => {
      const zip = await api.get<Place[]>('/api/places?q=10001');
      expect(zip).toMatchObject({ status: 200, body: [{ name: 'New York, NY 10001' }] });
      expect(zip.body[0].lat).toBeCloseTo(40.75, 1);
      const city = await api.get<Place[]>(`/api/places?q=${encodeURIComponent('Portland, OR')}`);
      expect(city.body.map((p) => p.name)).toEqual(['Portland, OR']);
      expect((await api.get<Place[]>('/api/places?q=00000')).body).toEqual([]);
      expect(await api.get('/api/places?q=x')).toMatchObject({ status: 400, body: { code: 'COMMON.VALIDATION_FAILED', message: PLACE_QUERY_MESSAGE } });
    });
  });

  describe('the feed', () => {
    it('pages with a cursor, newest first, without repeats, and filters by text, category and kind', async () => {
      const spot = { lat: 45.0 + randomInt(0, 1000) / 1000, lng: -110.0 };
      const { browser } = await neighbour();
      const posted: Item[] = [];
      for (let i = 0; i < 5; i++) posted.push(await postItem(browser, { title: `Box ${i}`, category: i === 0 ? 'Books' : 'Household', location: spot }));
      const page = (query: string) => browser.get<Item[]>(`/api/items?lat=${spot.lat}&lng=${spot.lng}&radius=1&limit=2${query}`);
      const seen: string[] = [];
      let cursor = '';
      for (let n = 0; n < 3; n++) {
        const response = await page(cursor ? `&cursor=${cursor}` : '');
        seen.push(...response.body.map((i) => i.id));
        cursor = response.headers.get('x-next-cursor') ?? '';
        if (n < 2) expect(cursor).not.toBe('');
      }
      expect(cursor).toBe('');
      expect(seen).toEqual(posted.map((i) => i.id).reverse());
      expect((await page('&q=box%203')).body.map((i) => i.title)).toEqual(['Box 3']);
      expect((await page('&category=Books')).body.map((i) => i.title)).toEqual(['Box 0']);
      expect((await page('&kind=garage_sales')).body).toEqual([]);
      expect(await page('&cursor=not-a-cursor')).toMatchObject({ status: 400 });
    });

    it('leaves an attacker who shrinks the radius from three points no closer than the blur', async () => {
      const spot = { lat: 41.0 + randomInt(0, 1000) / 1000, lng: -95.0 };
      const { browser: poster } = await neighbour();
      const item = await postItem(poster, { title: 'Chair by the hedge', location: spot });
      const attacker = api.anotherBrowser();
      const mPerLat = 110_540;
      const mPerLng = 111_320 * Math.cos((spot.lat * Math.PI) / 180);
      const at = (dx: number, dy: number) => ({ lat: spot.lat + dy / mPerLat, lng: spot.lng + dx / mPerLng });
      const visible = async (p: { lat: number; lng: number }, miles: number) =>
        (await attacker.get<Item[]>(`/api/items?lat=${p.lat}&lng=${p.lng}&radius=${miles}`)).body.some((i) => i.id === item.id);
      // The smallest radius at which the item shows, from each of three points about 1.5 km away.
      const circles = [];
      for (const [dx, dy] of [
        [0, 1500],
        [1300, -750],
        [-1300, -750],
      ]) {
        let [lo, hi] = [0.0001, 2];
        for (let i = 0; i < 24; i++) {
          const mid = (lo + hi) / 2;
          if (await visible(at(dx, dy), mid)) hi = mid;
          else lo = mid;
        }
        circles.push({ x: dx, y: dy, r: hi * 1609.344 });
      }
      // Trilaterate: subtract the first circle's equation from the others and solve the 2×2 system.
      const [c1, c2, c3] = circles;
      const row = (c: { x: number; y: number; r: number }) => [
        2 * (c1.x - c.x),
        2 * (c1.y - c.y),
        c.r ** 2 - c1.r ** 2 - c.x ** 2 + c1.x ** 2 - c.y ** 2 + c1.y ** 2,
      ];
      const [[a1, b1, e1], [a2, b2, e2]] = [row(c2), row(c3)];
      const det = a1 * b2 - a2 * b1;
      const found = { x: (e1 * b2 - e2 * b1) / det, y: (a1 * e2 - a2 * e1) / det };
      const missedBy = Math.hypot(found.x, found.y);
      // The search converges, but on the public position: 75–150 m from the spot.
      expect(missedBy).toBeGreaterThan(60);
      expect(missedBy).toBeLessThan(200);
    }, 60_000);

    it("searches no farther than the caller's plan allows, and says how far in X-Radius-Cap", async () => {
      const spot = { lat: 40.0 + randomInt(0, 1000) / 1000, lng: -100.0 };
      const farAway = { lat: spot.lat + 0.25, lng: spot.lng }; // ~17 miles north
      const { browser: poster } = await neighbour();
      const far = await postItem(poster, { title: 'Far lamp', location: farAway });
      const { browser, user } = await neighbour();
      const search = (path: string) => browser.get<Item[]>(`${path}?lat=${spot.lat}&lng=${spot.lng}&radius=25`);
      const free = await search('/api/items');
      expect(free.headers.get('x-radius-cap')).toBe('5');
      expect(free.body.map((i) => i.id)).not.toContain(far.id);
      expect((await search('/api/top-finds')).headers.get('x-radius-cap')).toBe('5');
      expect((await api.get(`/api/items?lat=${spot.lat}&lng=${spot.lng}&radius=100`)).headers.get('x-radius-cap')).toBe('5');

      expect((await browser.request('PATCH', `/api/users/${user.id}/subscription`, { tier: 'premium' })).status).toBe(200);
      await waitFor(async () => (await sql('SELECT subscription_tier FROM items.posters WHERE user_id = $1', [user.id]))[0]?.subscription_tier === 'premium');
      const premium = await search('/api/items');
      expect(premium.headers.get('x-radius-cap')).toBe('25');
      expect(premium.body.map((i) => i.id)).toContain(far.id);
    });
  });

  describe('edit and delete', () => {
    it('lets only the poster edit or delete, only while available, within the rules', async () => {
      const { browser } = await neighbour();
      const item = await postItem(browser, { imageUrl: await uploadPhoto(browser) });
      const stranger = (await neighbour()).browser;
      expect(await stranger.request('PATCH', `/api/items/${item.id}`, { title: 'Mine now' })).toMatchObject({
        status: 403,
        body: { message: 'Only the poster can edit this item' },
      });
      expect(await browser.request('PATCH', `/api/items/${item.id}`, { title: '  ' })).toMatchObject({
        status: 400,
        body: { message: 'Please enter a title for your item.' },
      });
      expect(await browser.request('PATCH', `/api/items/${item.id}`, { timeLimit: 30 })).toMatchObject({
        status: 400,
        body: { message: 'Time limit must be between 1 and 24 hours' },
      });
      expect(await browser.request('PATCH', `/api/items/${item.id}`, { pricingType: 'paid', customAmount: 1550 })).toMatchObject({
        status: 400,
        body: { message: 'Reward must be whole dollars between $1 and $100' },
      });
      const edited = await browser.request<Item>('PATCH', `/api/items/${item.id}`, { title: 'Tall bookshelf', timeLimit: 20 });
      expect(edited.body).toMatchObject({ title: 'Tall bookshelf', timeLimit: 20 });
      expect(await stranger.request('PATCH', `/api/items/${item.id}/claim`, {})).toMatchObject({ status: 200 });
      expect(await browser.request('PATCH', `/api/items/${item.id}`, { title: 'Changed' })).toMatchObject({
        status: 409,
        body: { message: 'Only available items can be edited' },
      });
      expect(await browser.request('DELETE', `/api/items/${item.id}`)).toMatchObject({ status: 409, body: { message: 'Only available items can be deleted' } });

      const other = await postItem(browser);
      expect(await stranger.request('DELETE', `/api/items/${other.id}`)).toMatchObject({ status: 403 });
      expect(await browser.request('DELETE', `/api/items/${other.id}`)).toMatchObject({ status: 200, body: { success: true } });
      expect(await api.get(`/api/items/${other.id}`)).toMatchObject({ status: 404, body: { message: 'Item not found' } });
    });
  });

  describe('claims', () => {
    it('reserves as first dibs for one neighbour; the poster, items without photos and latecomers are refused', async () => {
      const { browser: poster } = await neighbour();
      const item = await postItem(poster, { imageUrl: await uploadPhoto(poster) });
      const noPhoto = await postItem(poster);
      const { browser: first, user: firstUser } = await neighbour();
      const { browser: late } = await neighbour();
      expect(await poster.request('PATCH', `/api/items/${item.id}/claim`, {})).toMatchObject({
        status: 403,
        body: { message: "You can't claim your own item" },
      });
      expect(await first.request('PATCH', `/api/items/${noPhoto.id}/claim`, {})).toMatchObject({
        status: 409,
        body: { message: 'Items without a photo cannot be claimed' },
      });
      const reserved = await first.request<{ item: Item }>('PATCH', `/api/items/${item.id}/claim`, {});
      expect(reserved.body.item).toMatchObject({ status: 'first_dibs', reservedById: firstUser.id, exactLocation: true });
      expect(await late.request('PATCH', `/api/items/${item.id}/claim`, {})).toMatchObject({
        status: 409,
        body: { message: 'This item is no longer available' },
      });
      expect(await first.request('PATCH', `/api/items/${item.id}/claim`, { verificationPhoto: photo.toString('base64') })).toMatchObject({
        status: 403,
        body: { message: 'Photo verification failed: take a pickup photo and have it checked before claiming' },
      });
      expect(await first.request('PATCH', `/api/items/00000000-0000-4000-8000-000000000000/claim`, {})).toMatchObject({
        status: 404,
        body: { message: 'Item not found' },
      });
    });

    it('lets a neighbour hold one first dibs at a time (three once verified), whatever the concurrency', async () => {
      const { browser: poster } = await neighbour();
      const items = [];
      for (let i = 0; i < 5; i++) items.push(await postItem(poster, { imageUrl: await uploadPhoto(poster) }));
      const { browser: fresh } = await neighbour();
      const answers = await Promise.all(items.map((item) => fresh.request<{ message: string }>('PATCH', `/api/items/${item.id}/claim`, {})));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining('You already have first dibs on an item') } });
      }
      const { browser: trusted, user } = await neighbour();
      await verify(trusted, user.id);
      const verifiedAnswers = await Promise.all(items.map((item) => trusted.request('PATCH', `/api/items/${item.id}/claim`, {})));
      // One of the five is held by the first neighbour; three of the other four go to the verified one.
      expect(verifiedAnswers.filter((a) => a.status === 200)).toHaveLength(3);
    }, 60_000);

    it('lets exactly one of 50 neighbours claiming at once win', async () => {
      const { browser: poster } = await neighbour();
      const item = await postItem(poster, { imageUrl: await uploadPhoto(poster) });
      const claimers = await Promise.all(Array.from({ length: 50 }, () => neighbour()));
      const answers = await Promise.all(claimers.map(({ browser }) => browser.request<{ message: string }>('PATCH', `/api/items/${item.id}/claim`, {})));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const losers = answers.filter((a) => a.status !== 200);
      expect(losers).toHaveLength(49);
      for (const loser of losers) expect(loser).toMatchObject({ status: 409, body: { message: 'This item is no longer available' } });
      const [{ n }] = await sql(`SELECT count(*)::int AS n FROM items.outbox_events WHERE subject = 'item.reserved.v1' AND payload->>'itemId' = $1`, [item.id]);
      expect(n).toBe(1);
    }, 60_000);

    it('gives a lapsed reservation back and expires items on time, each event once even with two sweeps at once', async () => {
      const { browser: poster } = await neighbour();
      const item = await postItem(poster, { imageUrl: await uploadPhoto(poster) });
      const soon = await postItem(poster);
      const gone = await postItem(poster);
      await (await neighbour()).browser.request('PATCH', `/api/items/${item.id}/claim`, {});
      await sql(`UPDATE items.items SET reserved_until = now() - interval '1 second' WHERE id = $1`, [item.id]);
      await sql(`UPDATE items.items SET expires_at = now() + interval '30 minutes' WHERE id = $1`, [soon.id]);
      await sql(`UPDATE items.items SET expires_at = now() - interval '1 second' WHERE id = $1`, [gone.id]);
      const scheduler = stack.services.find((s) => s.name === 'items')!.app.get(ExpiryScheduler);
      await Promise.all([scheduler.sweep(), scheduler.sweep()]);
      expect((await api.get<Item>(`/api/items/${item.id}`)).body.status).toBe('available');
      expect((await api.get<Item>(`/api/items/${gone.id}`)).body.status).toBe('expired');
      const events = async (subject: string, id: string) =>
        (await sql(`SELECT count(*)::int AS n FROM items.outbox_events WHERE subject = $1 AND payload->>'itemId' = $2`, [subject, id]))[0].n;
      expect(await events('item.expired.v1', gone.id)).toBe(1);
      expect(await events('item.expiring.v1', soon.id)).toBe(1);
      await scheduler.sweep();
      expect(await events('item.expiring.v1', soon.id)).toBe(1);
      expect((await feed(api)).body.map((i) => i.id)).not.toContain(gone.id);
    });
  });

  describe('votes, top finds, still there, interest', () => {
    it('counts one vote per neighbour per local day, ranks top finds, and counts again after local midnight', async () => {
      const spot = { lat: 40.0 + randomInt(0, 1000) / 1000, lng: -105.0 };
      const { browser: poster } = await neighbour();
      const popular = await postItem(poster, { location: spot });
      const quiet = await postItem(poster, { location: spot });
      const [a, b] = [await neighbour(), await neighbour()];
      expect((await a.browser.post(`/api/items/${popular.id}/vote`, {})).body).toMatchObject({ votes: 1 });
      expect(await a.browser.post(`/api/items/${popular.id}/vote`, {})).toMatchObject({
        status: 409,
        body: { message: 'You already voted for this item today' },
      });
      expect((await b.browser.post(`/api/items/${popular.id}/vote`, {})).body).toMatchObject({ votes: 2 });
      expect(await poster.post(`/api/items/${popular.id}/vote`, {})).toMatchObject({ status: 403 });
      await a.browser.post(`/api/items/${quiet.id}/vote`, {});
      const topFinds = async () =>
        (await api.get<Item[]>(`/api/top-finds?latitude=${spot.lat}&longitude=${spot.lng}&radius=1`)).body.map((i) => [i.id, i.voteCount]);
      // Accounts made a minute ago: their votes show on the cards and rank nothing (an account costs nothing to make).
      expect((await api.get<Item>(`/api/items/${popular.id}`)).body.voteCount).toBe(2);
      expect(await topFinds()).toEqual([]);
      // Established neighbours (a day old, or verified) rank it: most of their votes first, each card with all of its votes.
      const [c, d] = [await neighbour(), await neighbour()];
      await sql(`UPDATE items.posters SET account_created_at = now() - interval '2 days' WHERE user_id = ANY($1)`, [[c.user.id, d.user.id]]);
      await c.browser.post(`/api/items/${quiet.id}/vote`, {});
      await d.browser.post(`/api/items/${quiet.id}/vote`, {});
      await c.browser.post(`/api/items/${popular.id}/vote`, {});
      expect(await topFinds()).toEqual([
        [quiet.id, 3],
        [popular.id, 3],
      ]);
      expect((await a.browser.get<Item>(`/api/items/${popular.id}`)).body.hasVotedToday).toBe(true);

      // The item's local midnight passes: yesterday's votes no longer count, and a new vote does.
      await sql(`UPDATE items.votes SET local_date = local_date - 1 WHERE item_id = $1`, [popular.id]);
      await sql(`UPDATE items.items SET votes_date = votes_date - 1 WHERE id = $1`, [popular.id]);
      expect((await api.get<Item>(`/api/items/${popular.id}`)).body.voteCount).toBe(0);
      expect((await a.browser.post(`/api/items/${popular.id}/vote`, {})).body).toMatchObject({ votes: 1 });
    });

    it('takes an item down after three different verified neighbours say it is gone since the last "still there"', async () => {
      const { browser: poster } = await neighbour();
      const item = await postItem(poster);
      const others = await Promise.all([neighbour(), neighbour(), neighbour(), neighbour()]);
      for (const other of others) await verify(other.browser, other.user.id);
      await others[0].browser.post(`/api/items/${item.id}/still-there`, { stillThere: false });
      await others[1].browser.post(`/api/items/${item.id}/still-there`, { stillThere: false });
      expect((await others[2].browser.post(`/api/items/${item.id}/still-there`, {})).body).toMatchObject({ stillThereCount: 1, removed: false });
      expect(await others[2].browser.post(`/api/items/${item.id}/still-there`, { stillThere: false })).toMatchObject({
        status: 409,
        body: { message: 'You already checked this item today' },
      });
      // The "still there" reset the count: two more "not there" are not enough, a third different one is.
      await others[0].browser.post(`/api/items/${item.id}/still-there`, { stillThere: false }).catch(() => undefined);
      await sql(
        `UPDATE items.still_there_checks SET check_date = check_date - 1, created_at = now() - interval '1 day' WHERE item_id = $1 AND NOT still_there`,
        [item.id],
      );
      await sql(`UPDATE items.items SET last_still_there_check = now() - interval '2 days' WHERE id = $1`, [item.id]);
      const answers = [];
      for (const other of [others[0], others[1], others[3]])
        answers.push((await other.browser.post<{ removed: boolean }>(`/api/items/${item.id}/still-there`, { stillThere: false })).body.removed);
      expect(answers).toEqual([false, false, true]);
      expect(await api.get(`/api/items/${item.id}`)).toMatchObject({ status: 404 });
      const [{ n }] = await sql(`SELECT count(*)::int AS n FROM items.outbox_events WHERE subject = 'item.removed.v1' AND payload->>'itemId' = $1`, [item.id]);
      expect(n).toBe(1);
    });

    it('records "not there" from unverified accounts but never takes an item down on their word', async () => {
      const { browser: poster } = await neighbour();
      const item = await postItem(poster);
      const throwaways = await Promise.all([neighbour(), neighbour(), neighbour(), neighbour()]);
      for (const { browser } of throwaways) {
        expect((await browser.post<{ removed: boolean }>(`/api/items/${item.id}/still-there`, { stillThere: false })).body).toMatchObject({ removed: false });
      }
      expect((await api.get<Item>(`/api/items/${item.id}`)).body.status).toBe('available');
      const [{ n }] = await sql(`SELECT count(*)::int AS n FROM items.still_there_checks WHERE item_id = $1 AND NOT still_there`, [item.id]);
      expect(n).toBe(4);
    });

    it('toggles interest in garage sales only', async () => {
      const { browser: host } = await neighbour();
      const sale = (await host.post<Item>('/api/items', garageSale())).body;
      const item = await postItem(host);
      const { browser, user } = await neighbour();
      expect((await browser.post(`/api/items/${sale.id}/interest`, {})).body).toMatchObject({ isInterested: true, interestCount: 1 });
      expect((await browser.get<Item>(`/api/items/${sale.id}`)).body).toMatchObject({ isInterested: true, interestedUserIds: [user.id] });
      expect((await host.get<Item>(`/api/items/${sale.id}`)).body).toMatchObject({ interestCount: 1, interestedUserIds: [] });
      expect((await browser.post(`/api/items/${sale.id}/interest`, {})).body).toMatchObject({ isInterested: false, interestCount: 0 });
      expect(await browser.post(`/api/items/${item.id}/interest`, {})).toMatchObject({ status: 400, body: { message: 'Only garage sales take interest' } });
    });
  });

  describe('comments and reports', () => {
    it('gives the free tier 5 comments a month, lets authors alone edit and delete, and counts deleted ones', async () => {
      const { browser: poster } = await neighbour();
      const item = await postItem(poster);
      const { browser, user } = await neighbour();
      expect(await browser.post(`/api/items/${item.id}/comments`, { content: '   ' })).toMatchObject({
        status: 400,
        body: { message: 'Please write something before posting' },
      });
      const comments: Comment[] = [];
      for (let i = 0; i < 5; i++) comments.push((await browser.post<Comment>(`/api/items/${item.id}/comments`, { content: `Still there at ${i}pm?` })).body);
      expect(await browser.post(`/api/items/${item.id}/comments`, { content: 'One more' })).toMatchObject({
        status: 403,
        body: { message: "You've used your 5 free comments this month. Upgrade your plan for unlimited comments." },
      });
      expect((await browser.get(`/api/users/${user.id}/comments/monthly`)).body).toEqual({ used: 5, limit: 5 });
      expect(await poster.request('PATCH', `/api/items/${item.id}/comments/${comments[0].id}`, { content: 'Hijacked' })).toMatchObject({ status: 403 });
      const edited = await browser.request<Comment>('PATCH', `/api/items/${item.id}/comments/${comments[0].id}`, { content: 'Is it still there?' });
      expect(edited.body).toMatchObject({ content: 'Is it still there?', isEdited: true, user: { id: user.id, subscriptionTier: 'free' } });
      expect(await browser.request('DELETE', `/api/items/${item.id}/comments/${comments[1].id}`)).toMatchObject({ status: 200 });
      expect((await api.get<Comment[]>(`/api/items/${item.id}/comments`)).body).toHaveLength(4);
      expect((await api.get<Item>(`/api/items/${item.id}`)).body.commentCount).toBe(4);
      expect((await browser.get(`/api/users/${user.id}/comments/monthly`)).body).toEqual({ used: 5, limit: 5 });

      await browser.request('PATCH', `/api/users/${user.id}/subscription`, { tier: 'basic' });
      await waitFor(async () => (await browser.get<{ limit: number | null }>(`/api/users/${user.id}/comments/monthly`)).body.limit === null);
      expect((await browser.post(`/api/items/${item.id}/comments`, { content: 'Paid plans comment freely' })).status).toBe(201);
    });

    it('takes one report per neighbour per item, with a type and a reason', async () => {
      const { browser: poster, user: posterUser } = await neighbour();
      const item = await postItem(poster);
      const { browser, user } = await neighbour();
      const report = { reporterId: user.id, reportedItemId: item.id, reportType: 'spam', reason: 'Advertising', details: '' };
      expect(await browser.post('/api/reports', { ...report, reason: '' })).toMatchObject({
        status: 400,
        body: { message: 'Please select a report type and provide a reason' },
      });
      expect(await browser.post('/api/reports', { ...report, reportType: 'meh' })).toMatchObject({
        status: 400,
        body: { code: 'COMMON.VALIDATION_FAILED', message: 'Report type must be one of: spam, inappropriate, unsafe, fraud, duplicate, other' },
      });
      expect(await browser.post('/api/reports', { ...report, reporterId: posterUser.id })).toMatchObject({ status: 403 });
      expect(await browser.post('/api/reports', report)).toMatchObject({ status: 201, body: { success: true } });
      expect(await browser.post('/api/reports', report)).toMatchObject({ status: 409, body: { message: 'You have already reported this item' } });
      expect(await poster.post('/api/reports', { ...report, reporterId: posterUser.id })).toMatchObject({
        status: 400,
        body: { message: "You can't report your own item" },
      });
      const [row] = await sql('SELECT reported_user_id FROM items.reports WHERE reported_item_id = $1', [item.id]);
      expect(row.reported_user_id).toBe(posterUser.id);
    });
  });
});
