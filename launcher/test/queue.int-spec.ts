import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Item, Notification, PhotoValidationResult, PickupView, QueueChange, QueueView } from '@curbside/contracts';
import { ApiClient, EventStreamReader, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { checkVerdict, dataSourceOf, newNeighbour, PICKUP_PHOTO, postWithPhoto, STACK_MODES } from './stack-modes';

const HERE = { lat: 37.7749, lng: -122.4194 };
const SWEEP_MS = 250;

/**
 * The queue behind a hold over HTTP in both modes (docs/product-rules.md, "Queue"): joining, who sees what,
 * 50 members joining one queue at once, releasing a hold, and a hold that lapses in the expiry sweep handed to
 * the next member with "You're up" on their live stream.
 */
describe.each(STACK_MODES)('the queue behind a hold, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;
  const streams: EventStreamReader[] = [];

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({ RATE_LIMIT_WRITES_PER_MINUTE: '10000', EXPIRY_SWEEP_MS: String(SWEEP_MS) }));
    api = new ApiClient(stack.url);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    await stack?.close();
    await dispose?.();
  });

  const neighbour = () => newNeighbour(stack, api);

  /** A posted chair with a photo, held by a first member. */
  const heldChair = async () => {
    const poster = await neighbour();
    const item = await postWithPhoto(poster.browser, { title: 'Wooden chair', location: HERE });
    const holder = await neighbour();
    expect((await holder.browser.request('PATCH', `/api/items/${item.id}/claim`, {})).status).toBe(200);
    return { poster, holder, item };
  };
  const lapse = (itemId: string) =>
    dataSourceOf(stack, 'items').query(`UPDATE items.items SET reserved_until = now() - interval '1 second' WHERE id = $1`, [itemId]);

  it('lines members up only behind a hold and shows the poster the names, everyone else their place', async () => {
    const { poster, holder, item } = await heldChair();
    const ann = await neighbour();
    const ben = await neighbour();

    expect((await poster.browser.request('POST', `/api/items/${item.id}/queue`)).body).toMatchObject({ code: 'ITEM.OWN_ITEM' });
    expect((await holder.browser.request('POST', `/api/items/${item.id}/queue`)).body).toMatchObject({ code: 'ITEM.ALREADY_QUEUED' });
    expect(await ann.browser.request<QueueChange>('POST', `/api/items/${item.id}/queue`)).toMatchObject({
      status: 201,
      body: { queue: { length: 1, position: 1, members: null, holderReliability: null } },
    });
    expect(await ben.browser.request<QueueChange>('POST', `/api/items/${item.id}/queue`)).toMatchObject({
      status: 201,
      body: { queue: { length: 2, position: 2 } },
    });

    const posterView = await poster.browser.get<QueueView>(`/api/items/${item.id}/queue`);
    expect(posterView.body.members?.map((m) => [m.userId, m.position])).toEqual([
      [ann.user.id, 1],
      [ben.user.id, 2],
    ]);
    expect(posterView.body.members?.[0].publicName).toBe(ann.user.username);
    expect((await new ApiClient(stack.url).get<QueueView>(`/api/items/${item.id}/queue`)).body).toEqual({
      length: 2,
      position: null,
      members: null,
      holderReliability: null,
    });
    expect((await ben.browser.get<Item>(`/api/items/${item.id}`)).body).toMatchObject({ queueLength: 2, queuePosition: 2 });

    expect((await ann.browser.request<QueueChange>('DELETE', `/api/items/${item.id}/queue`)).body.queue).toEqual({
      length: 1,
      position: null,
      members: null,
      holderReliability: null,
    });
    expect((await ann.browser.request('DELETE', `/api/items/${item.id}/queue`)).body).toMatchObject({ code: 'ITEM.NOT_QUEUED' });
    expect((await new ApiClient(stack.url).request('POST', `/api/items/${item.id}/queue`)).status).toBe(401);
  });

  it('takes exactly 20 of 50 members joining one queue at once, each at a place of their own', async () => {
    const { poster, item } = await heldChair();
    const members = await Promise.all(Array.from({ length: 50 }, () => neighbour()));
    const answers = await Promise.all(members.map((m) => m.browser.request<QueueChange & { code?: string }>('POST', `/api/items/${item.id}/queue`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(new Set(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.code}`))).toEqual(new Set(['409 ITEM.QUEUE_FULL']));
    const places = (await poster.browser.get<QueueView>(`/api/items/${item.id}/queue`)).body.members?.map((m) => m.position);
    expect(places).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  }, 60_000);

  it('gives a released hold to the next member at once, with "You\'re up" on their live stream', async () => {
    const { holder, item } = await heldChair();
    const next = await neighbour();
    await next.browser.request('POST', `/api/items/${item.id}/queue`);
    const stream = await next.browser.eventStream('/api/events/stream');
    streams.push(stream);

    expect((await next.browser.request('DELETE', `/api/items/${item.id}/hold`)).body).toMatchObject({ code: 'CLAIM.NOT_HOLDER' });
    expect(await holder.browser.request('DELETE', `/api/items/${item.id}/hold`)).toMatchObject({ status: 200, body: { success: true } });

    const up = await stream.next((e) => e.event === 'notification' && (JSON.parse(e.data) as Notification).type === 'you_are_up', 5000);
    expect(JSON.parse(up.data)).toMatchObject({ title: "You're Up", message: expect.stringContaining('"Wooden chair" is held for you') });
    expect((await next.browser.get<Item>(`/api/items/${item.id}`)).body).toMatchObject({ status: 'first_dibs', reservedById: next.user.id, queueLength: 0 });
    const holderInbox = await holder.browser.get<Notification[]>(`/api/notifications/${holder.user.id}`);
    expect(holderInbox.body.filter((n) => n.type === 'you_are_up')).toEqual([]);
  });

  it('lets the poster of a paid item pick a member from the line, who gets the hold and "You\'re up" when the current one ends', async () => {
    const { poster, holder, item } = await heldChair();
    const [first, picked, outsider] = [await neighbour(), await neighbour(), await neighbour()];
    for (const m of [first, picked]) await m.browser.request('POST', `/api/items/${item.id}/queue`);
    const pick = (who: typeof poster, userId: string) =>
      who.browser.request<QueueChange & { code?: string }>('POST', `/api/items/${item.id}/queue/${userId}/pick`);

    // A free curb item goes to the first in line.
    expect(await pick(poster, picked.user.id)).toMatchObject({ status: 409, body: { code: 'ITEM.PICK_NOT_ALLOWED' } });
    // Posting a reward item needs a verified phone: the arrangement turns this chair into one.
    await dataSourceOf(stack, 'items').query(`UPDATE items.items SET pricing_type = 'paid', custom_amount = 500 WHERE id = $1`, [item.id]);
    expect(await pick(first, picked.user.id)).toMatchObject({ status: 403, body: { code: 'ITEM.NOT_POSTER' } });
    expect(await pick(poster, outsider.user.id)).toMatchObject({ status: 409, body: { code: 'ITEM.PICK_NOT_IN_LINE' } });
    expect((await poster.browser.request('POST', `/api/items/${item.id}/queue/not-an-id/pick`)).status).toBe(400);
    expect((await new ApiClient(stack.url).request('POST', `/api/items/${item.id}/queue/${picked.user.id}/pick`)).status).toBe(401);
    const answer = await pick(poster, picked.user.id);
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    expect(answer.body.queue.members?.map((m) => m.userId)).toEqual([picked.user.id, first.user.id]);
    expect((await holder.browser.get<Item>(`/api/items/${item.id}`)).body).toMatchObject({ status: 'first_dibs', reservedById: holder.user.id });

    const stream = await picked.browser.eventStream('/api/events/stream');
    streams.push(stream);
    expect((await holder.browser.request('DELETE', `/api/items/${item.id}/hold`)).status).toBe(200);
    await stream.next((e) => e.event === 'notification' && (JSON.parse(e.data) as Notification).type === 'you_are_up', 5000);
    expect((await picked.browser.get<Item>(`/api/items/${item.id}`)).body).toMatchObject({
      status: 'first_dibs',
      reservedById: picked.user.id,
      queueLength: 1,
    });
  });

  it('gives a lapsed hold to the next member within the sweep, once, while the old holder can no longer claim', async () => {
    const { holder, item } = await heldChair();
    const next = await neighbour();
    await next.browser.request('POST', `/api/items/${item.id}/queue`);
    const stream = await next.browser.eventStream('/api/events/stream');
    streams.push(stream);

    await lapse(item.id);
    const lapsedAt = Date.now();
    const up = await stream.next((e) => e.event === 'notification' && (JSON.parse(e.data) as Notification).type === 'you_are_up', 5000);
    expect(up.receivedAt - lapsedAt).toBeLessThanOrEqual(SWEEP_MS + 2000);
    expect((await holder.browser.request('PATCH', `/api/items/${item.id}/claim`, {})).body).toMatchObject({ code: 'ITEM.NOT_AVAILABLE' });
    // Another sweep or two later, still one "You're up".
    await new Promise((r) => setTimeout(r, SWEEP_MS * 3));
    const inbox = await next.browser.get<Notification[]>(`/api/notifications/${next.user.id}`);
    expect(inbox.body.filter((n) => n.type === 'you_are_up')).toHaveLength(1);
  });
  it('closes the listing on a verified pickup: the line ends, those who waited are told once, only the poster sees who and the photo', async () => {
    const { poster, holder, item } = await heldChair();
    const queued = await neighbour();
    const voter = await neighbour();
    await queued.browser.request('POST', `/api/items/${item.id}/queue`);
    expect((await voter.browser.post(`/api/items/${item.id}/vote`, {})).status).toBe(201);
    const stream = await queued.browser.eventStream('/api/events/stream');
    streams.push(stream);

    // Taken by a phone that writes where it was: the poster must never learn that from the photo.
    const withPlace = await sharp(PICKUP_PHOTO)
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 36/1 2165/100' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withPlace).metadata()).exif).toBeDefined();
    const pickupPhoto = withPlace.toString('base64');
    expect(checkVerdict(await holder.browser.post<PhotoValidationResult>(`/api/items/${item.id}/validate-pickup`, { pickupPhoto }))).toBe('passed');
    expect(await holder.browser.request('PATCH', `/api/items/${item.id}/claim`, { verificationPhoto: pickupPhoto })).toMatchObject({
      status: 200,
      body: { item: { status: 'claimed' } },
    });

    const told = await stream.next((e) => e.event === 'notification' && (JSON.parse(e.data) as Notification).type === 'item_picked_up', 5000);
    expect(JSON.parse(told.data)).toMatchObject({ title: 'Already Picked Up', message: '"Wooden chair" was picked up by a neighbour.' });
    await waitFor(async () => (await voter.browser.get<Notification[]>(`/api/notifications/${voter.user.id}`)).body.some((n) => n.type === 'item_picked_up'));
    expect((await queued.browser.get<QueueView>(`/api/items/${item.id}/queue`)).body).toEqual({
      length: 0,
      position: null,
      members: null,
      holderReliability: null,
    });
    for (const who of [holder, poster]) {
      const inbox = await who.browser.get<Notification[]>(`/api/notifications/${who.user.id}`);
      expect(inbox.body.filter((n) => n.type === 'item_picked_up')).toEqual([]);
    }

    const proof = await poster.browser.get<PickupView>(`/api/items/${item.id}/pickup`);
    expect(proof).toMatchObject({ status: 200, body: { pickedUpBy: holder.user.username, pickedUpAt: expect.any(String) } });
    expect(proof.body.photoDataUrl).toMatch(/^data:image\/webp;base64,/);
    const shown = await sharp(Buffer.from(proof.body.photoDataUrl!.split(',')[1], 'base64')).metadata();
    const sent = await sharp(withPlace).metadata();
    expect(shown).toMatchObject({ format: 'webp', width: sent.width, height: sent.height });
    expect(shown.exif).toBeUndefined();
    for (const other of [holder, queued]) {
      expect((await other.browser.get(`/api/items/${item.id}/pickup`)).body).toMatchObject({ code: 'ITEM.NOT_POSTER' });
    }
    expect((await new ApiClient(stack.url).get(`/api/items/${item.id}/pickup`)).status).toBe(401);
    const unheld = await heldChair();
    expect((await unheld.poster.browser.get(`/api/items/${unheld.item.id}/pickup`)).body).toMatchObject({ code: 'ITEM.NOT_PICKED_UP' });
  });
  it('says how fresh an item is and filters the feed to recently confirmed ones', async () => {
    const poster = await neighbour();
    const spot = { lat: 37.9, lng: -122.4194 };
    const post = async (title: string) => (await poster.browser.post<Item>('/api/items', { title, category: 'Furniture', location: spot })).body;
    const fresh = await post('Fresh lamp');
    const stale = await post('Stale sofa');
    expect(Date.now() - Date.parse(fresh.lastConfirmedAt)).toBeLessThan(60_000);
    await dataSourceOf(stack, 'items').query(`UPDATE items.items SET last_confirmed_at = now() - interval '13 hours' WHERE id = $1`, [stale.id]);
    expect((await api.get<Item>(`/api/items/${stale.id}`)).body).toMatchObject({ mayBeGone: true });

    const feed = async (recent: boolean) =>
      (await api.get<Item[]>(`/api/items?lat=${spot.lat}&lng=${spot.lng}&radius=1${recent ? '&recentlyConfirmed=true' : ''}`)).body.map((i) => i.title).sort();
    expect(await feed(false)).toEqual(['Fresh lamp', 'Stale sofa']);
    expect(await feed(true)).toEqual(['Fresh lamp']);
    expect((await api.get(`/api/items?lat=${spot.lat}&lng=${spot.lng}&recentlyConfirmed=maybe`)).status).toBe(400);

    // Another member's "still there" confirms it again.
    const passer = await neighbour();
    expect((await passer.browser.post(`/api/items/${stale.id}/still-there`, { stillThere: true })).status).toBe(201);
    expect((await api.get<Item>(`/api/items/${stale.id}`)).body).toMatchObject({ mayBeGone: false });
    expect(await feed(true)).toEqual(['Fresh lamp', 'Stale sofa']);
  });
  it('counts a lapsed hold as a no-show: the third within 28 days stops new holds with a 409 naming the day, and posters see reliability', async () => {
    const { poster, holder, item } = await heldChair();
    const items = dataSourceOf(stack, 'items');
    const past = (days: number, outcome = 'lapsed') =>
      items.query(
        `INSERT INTO items.holds (item_id, user_id, started_at, ended_at, outcome) VALUES ($1, $2, now() - make_interval(days => $3), now() - make_interval(days => $3), $4)`,
        [randomUUID(), holder.user.id, days, outcome],
      );
    await past(20);
    await past(5);
    await past(40, 'picked_up');
    const queued = await neighbour();
    await queued.browser.request('POST', `/api/items/${item.id}/queue`);
    expect((await poster.browser.get<QueueView>(`/api/items/${item.id}/queue`)).body.holderReliability).toEqual({ pickedUp: 1, holds: 3 });

    await lapse(item.id);
    await waitFor(
      async () =>
        (await api.get<Item>(`/api/items/${item.id}`)).body.reservedById === null &&
        (await items.query(`SELECT 1 FROM items.holds WHERE user_id = $1 AND outcome = 'lapsed' AND ended_at > now() - interval '1 minute'`, [holder.user.id]))
          .length === 1,
    );

    const other = await heldChair();
    await other.holder.browser.request('DELETE', `/api/items/${other.item.id}/hold`);
    const refused = await holder.browser.request<{ code: string; message: string }>('PATCH', `/api/items/${other.item.id}/claim`, {});
    // Seven days from the lapse itself (not from now: a midnight between the two would name the next day).
    const [{ until }] = await items.query(`SELECT max(ended_at) + interval '7 days' AS until FROM items.holds WHERE user_id = $1 AND outcome = 'lapsed'`, [
      holder.user.id,
    ]);
    const day = new Date(until).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'CLAIM.HOLDS_SUSPENDED', message: expect.stringContaining(day) } });
  });
});
