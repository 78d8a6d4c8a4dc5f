import { randomUUID } from 'node:crypto';
import { Item } from '@curbside/contracts';
import { ClaimsService } from '../src/claims/claims.service';
import { EngagementService } from '../src/engagement/engagement.service';
import { ItemsService } from '../src/items/items.service';
import { ItemsWorld, startItemsWorld } from './items-world';

/**
 * Freshness on the real PostgreSQL (docs/product-rules.md, "Freshness"): lastConfirmedAt is the posting, another
 * member's "still there" or a verified pickup; a curb item unconfirmed for 12 hours may be gone (a garage sale
 * never); the feed's recentlyConfirmed flag keeps only what was confirmed within those 12 hours.
 */
describe('freshness', () => {
  let world: ItemsWorld;
  let items: ItemsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    items = world.get(ItemsService);
    await world.passEveryPhoto();
  });
  afterAll(() => world?.stop());

  const age = (itemId: string, hours: number) =>
    world.db.query(
      `UPDATE items.items SET last_confirmed_at = now() - make_interval(hours => $2), created_at = now() - make_interval(hours => $2) WHERE id = $1`,
      [itemId, hours],
    );
  const feedTitles = async (recentlyConfirmed: boolean, lat: number) => {
    const page = await items.feed(
      { lat, lng: -122.3321, radius: 1, limit: 50, kind: 'all', recentlyConfirmed: recentlyConfirmed ? 'true' : undefined },
      undefined,
    );
    return (JSON.parse(page.itemsJson) as Item[]).map((i) => i.title).sort();
  };

  it('starts at the posting and shows nothing may be gone while fresh', async () => {
    const item = await world.post(await world.member());
    expect(Date.now() - Date.parse(item.lastConfirmedAt)).toBeLessThan(60_000);
    expect(item.mayBeGone).toBe(false);
  });

  it('says a curb item unconfirmed for 12 hours may be gone, until another member\'s "still there"', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    await age(item.id, 13);
    expect(await items.get(item.id, undefined)).toMatchObject({ mayBeGone: true });
    await world.get(EngagementService).stillThere(item.id, await world.member(), true);
    const after = await items.get(item.id, undefined);
    expect(after.mayBeGone).toBe(false);
    expect(Date.now() - Date.parse(after.lastConfirmedAt)).toBeLessThan(60_000);
  });

  it('takes a verified pickup as a confirmation', async () => {
    const item = await world.post(await world.member());
    await age(item.id, 20);
    const picker = await world.member();
    const claims = world.get(ClaimsService);
    const photoKey = `pickups/good-${randomUUID()}.webp`;
    const photoHash = randomUUID();
    await world.sut.infrastructure.storage.put(photoKey, Buffer.from('photo'), 'image/webp');
    await claims.validatePickup(item.id, picker, photoKey, photoHash);
    await claims.claim(item.id, picker, photoHash);
    const after = await items.get(item.id, undefined);
    expect(Date.now() - Date.parse(after.lastConfirmedAt)).toBeLessThan(60_000);
    expect(after.mayBeGone).toBe(false);
  });

  it('keeps only recently confirmed items (and garage sales) in the feed when asked', async () => {
    // A spot of its own, so other tests' items stay out of the feed.
    const lat = 47.9;
    const poster = await world.member({ tier: 'pro' });
    const fresh = await world.post(poster, { title: 'Fresh lamp', location: { lat, lng: -122.3321 } });
    const stale = await world.post(poster, { title: 'Stale sofa', location: { lat, lng: -122.3321 } });
    await age(stale.id, 13);
    await age(fresh.id, 2);
    expect(await feedTitles(false, lat)).toEqual(['Fresh lamp', 'Stale sofa']);
    expect(await feedTitles(true, lat)).toEqual(['Fresh lamp']);
  });
});
