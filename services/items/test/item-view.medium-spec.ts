import { feedQuerySchema, Item, itemSchema } from '@curbside/contracts';
import { ItemsService } from '../src/items/items.service';
import { ItemsWorld, startItemsWorld } from './items-world';

/**
 * The Item a reader gets from the service's reads and lists (toItem, src/items/item.mapper.ts, over the rows of
 * itemViewColumns and the reader's flags): what each reader may see of an item, on the real database.
 */
describe('an item as a reader sees it', () => {
  let world: ItemsWorld;
  let items: ItemsService;
  beforeAll(async () => {
    world = await startItemsWorld();
    items = world.get(ItemsService);
  });
  afterAll(() => world?.stop());

  const set = (id: string, assignments: string, params: unknown[] = []) =>
    world.db.query(`UPDATE items.items SET ${assignments} WHERE id = $1`, [id, ...params]);
  const feedAround = async (lat: number, lng: number, callerId: string | undefined): Promise<Item[]> =>
    JSON.parse((await items.feed(feedQuerySchema.parse({ lat, lng, radius: 5, limit: 50 }), callerId)).itemsJson) as Item[];

  it('is the contract’s Item, key for key, for the poster, another member and an anonymous reader', async () => {
    const poster = await world.member();
    const other = await world.member();
    const { id } = await world.post(poster);
    for (const caller of [poster, other, undefined]) {
      const item = await items.get(id, caller);
      expect(itemSchema.strict().parse(item)).toEqual(item);
      const [listed] = (await feedAround(47.6062, -122.3321, caller)).filter((i) => i.id === id);
      expect(itemSchema.strict().parse(listed)).toEqual(listed);
      expect(listed).toEqual({ ...item, distance: listed.distance });
    }
  });

  it('gives the exact spot and a distance in hundredths to the poster only; others the public spot in tenths', async () => {
    const poster = await world.member();
    const other = await world.member();
    const { id } = await world.post(poster, { location: { lat: 47.5, lng: -122.5 } });
    const [row] = await world.db.query(`SELECT lat, lng, public_lat, public_lng FROM items.items WHERE id = $1`, [id]);
    // About 1.23 miles north of the spot.
    const from = { lat: 47.5 + 1.234 / 69.05, lng: -122.5 };
    const [own] = (await feedAround(from.lat, from.lng, poster)).filter((i) => i.id === id);
    const [seen] = (await feedAround(from.lat, from.lng, other)).filter((i) => i.id === id);
    expect(own).toMatchObject({ latitude: row.lat.toFixed(6), longitude: row.lng.toFixed(6), exactLocation: true });
    expect(seen).toMatchObject({ latitude: row.public_lat.toFixed(6), longitude: row.public_lng.toFixed(6), exactLocation: false });
    // Distances are to the public spot, which is what the feed searches by.
    const [{ miles }] = await world.db.query(`SELECT earth_distance(ll_to_earth($1, $2), earth_pos) / 1609.344 AS miles FROM items.items WHERE id = $3`, [
      from.lat,
      from.lng,
      id,
    ]);
    expect(own.distance).toBe(Math.round(miles * 100) / 100);
    expect(seen.distance).toBe(Math.round(miles * 10) / 10);
  });

  it('names the urgency by the hours left, and says a curb item unconfirmed for 12 hours may be gone', async () => {
    const poster = await world.member();
    const { id } = await world.post(poster);
    const urgencyWith = async (hoursLeft: number) => {
      await set(id, `expires_at = now() + make_interval(mins => $2)`, [Math.round(hoursLeft * 60)]);
      return (await items.get(id, poster)).urgency;
    };
    expect(await urgencyWith(1.9)).toBe('Express Grab');
    expect(await urgencyWith(2.1)).toBe('Priority Pickup');
    expect(await urgencyWith(23)).toBe('Same Day');
    expect(await urgencyWith(71)).toBe('Flexible');
    expect(await urgencyWith(80)).toBe('No Rush');

    await set(id, `last_confirmed_at = now() - interval '11 hours 50 minutes'`);
    expect((await items.get(id, poster)).mayBeGone).toBe(false);
    await set(id, `last_confirmed_at = now() - interval '12 hours 10 minutes'`);
    expect((await items.get(id, poster)).mayBeGone).toBe(true);
    await set(id, `status = 'expired'`);
    expect((await items.get(id, poster)).mayBeGone).toBe(false);
  });

  it('writes times as toISOString does, thumbnails only for our own photos, and a neutral name for an unknown poster', async () => {
    const poster = await world.member();
    const { id, imageUrl } = await world.post(poster);
    await set(id, `created_at = '2026-01-02 03:04:05.678999+00'`);
    const item = await items.get(id, poster);
    expect(item.createdAt).toBe('2026-01-02T03:04:05.678Z');
    expect(item.thumbnailUrl).toBe((imageUrl as string).replace(/\.webp$/, '-thumb.webp'));

    await set(id, `image_url = 'https://elsewhere.example/photo.webp'`);
    await world.db.query(`DELETE FROM items.posters WHERE user_id = $1`, [poster]);
    expect(await items.get(id, poster)).toMatchObject({ thumbnailUrl: null, poster: { id: poster, username: 'Neighbour', rank: 'Newbie' } });
  });

  it('shows the reader their own vote, interest and place in the queue, and the hold to its holder and the poster only', async () => {
    const poster = await world.member();
    const holder = await world.member();
    const reader = await world.member();
    const later = await world.member();
    const { id } = await world.post(poster);
    await world.db.query(`INSERT INTO items.interests (item_id, user_id) VALUES ($1, $2)`, [id, reader]);
    await world.db.query(
      `INSERT INTO items.votes (item_id, user_id, local_date) SELECT id, $2, (now() AT TIME ZONE time_zone)::date FROM items.items WHERE id = $1`,
      [id, reader],
    );
    await set(id, `status = 'first_dibs', reserved_by_id = $2, reserved_until = now() + interval '1 hour'`, [holder]);
    await world.db.query(`INSERT INTO items.item_queue (item_id, user_id, position) VALUES ($1, $2, 1), ($1, $3, 2)`, [id, reader, later]);

    expect(await items.get(id, reader)).toMatchObject({
      isInterested: true,
      interestedUserIds: [reader],
      hasVotedToday: true,
      queueLength: 2,
      queuePosition: 1,
      reservedById: null,
      reservedUntil: null,
      exactLocation: false,
    });
    expect(await items.get(id, later)).toMatchObject({ isInterested: false, interestedUserIds: [], hasVotedToday: false, queuePosition: 2 });
    for (const insider of [holder, poster]) {
      const item = await items.get(id, insider);
      expect(item).toMatchObject({ reservedById: holder, exactLocation: true, queuePosition: null });
      expect(new Date(item.reservedUntil as string).getTime()).toBeGreaterThan(Date.now());
    }
    expect(await items.get(id, undefined)).toMatchObject({
      reservedById: null,
      reservedUntil: null,
      queueLength: 2,
      queuePosition: null,
      hasVotedToday: false,
    });
  });

  it('tells only the poster that their item is in review', async () => {
    const poster = await world.member();
    const other = await world.member();
    const { id } = await world.post(poster);
    await set(id, `in_review = true`);
    expect((await items.get(id, poster)).inReview).toBe(true);
    expect((await items.byUser(poster, poster)).find((i) => i.id === id)?.inReview).toBe(true);
    const seen = (await items.byUser(poster, other)).find((i) => i.id === id);
    expect(seen).toBeDefined();
    expect(seen).not.toHaveProperty('inReview');
  });
});
