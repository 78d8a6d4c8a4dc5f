import { CreateSavedSearchRequest, ErrorCode, EventPayload, Events, SavedSearchError, SubscriptionTier } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { waitFor } from '@curbside/testing';
import { BlocksRepository } from '../src/blocks/blocks.repository';
import { ItemsRepository } from '../src/items/items.repository';
import { postedFacts } from '../src/items/items.service';
import { SavedSearchesService } from '../src/saved-searches/saved-searches.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

type Matched = EventPayload<typeof Events.savedSearchMatched>;

/** A mile north of a latitude, in degrees. */
const MILE = 1 / 69.05;
/** Each test gets its own neighbourhood, far from the others', so their searches never meet. */
let town = 0;
const newTown = () => ({ lat: 40 + (town += 1) * 0.5, lng: -100 });

/** Saved searches on the real PostgreSQL: the plan's limits, matching a new item, wanted posts (docs/product-rules.md). */
describe(SavedSearchesService.name, () => {
  let world: ItemsWorld;
  let sut: SavedSearchesService;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(SavedSearchesService);
  });
  afterAll(() => world?.stop());

  const save = (userId: string, at: { lat: number; lng: number }, overrides: Partial<CreateSavedSearchRequest> = {}) =>
    sut.create({ query: 'desk', radius: 5, location: { lat: at.lat, lng: at.lng }, isPublic: false, ...overrides }, userId);

  const postAt = (posterId: string, at: { lat: number; lng: number }, title = 'Oak desk', description = 'Sturdy', category = 'Furniture') =>
    world.post(posterId, { title, description, category: category as 'Furniture', location: { lat: at.lat, lng: at.lng } });

  /** The members the reaction to the item's post matched (after it ran), wanted posts first. */
  async function matchedFor(itemId: string): Promise<Matched['matches']> {
    const events = await waitFor(async () => {
      return (await reactionRan(itemId)) ? await world.emitted<Matched>(Events.savedSearchMatched.subject) : undefined;
    });
    return events.filter((e) => e.itemId === itemId).flatMap((e) => e.matches);
  }

  /** Whether the saved-search reaction has handled the item's post (its processed event is recorded). */
  async function reactionRan(itemId: string): Promise<boolean> {
    const rows: unknown[] = await world.db.query(
      `SELECT 1 FROM items.processed_events p JOIN items.outbox_events o ON o.id = p.event_id
       WHERE o.subject = $1 AND o.payload ->> 'itemId' = $2 AND p.consumer = 'items_saved-search-match'`,
      [Events.itemPosted.subject, itemId],
    );
    return rows.length > 0;
  }

  it.each<[SubscriptionTier, number]>([
    ['free', 1],
    ['basic', 3],
  ])('keeps as many saved searches as the %s plan allows (%d), then refuses with a message naming the limit', async (tier, limit) => {
    const member = await world.member({ tier });
    const at = newTown();
    for (let i = 0; i < limit; i++) await save(member, at, { query: `lamp ${i}` });
    const refused = await sut.create({ query: 'one more', radius: 5, location: at, isPublic: false }, member).catch((e: Error & { code: string }) => e);
    expect(refused).toMatchObject({ code: SavedSearchError.LIMIT_REACHED, message: expect.stringContaining(`keeps ${limit} saved search`) });
    expect(await sut.list(member)).toHaveLength(limit);
  });

  it('lets one of two saves at once through on the last free place', async () => {
    const member = await world.member({ tier: 'free' });
    const at = newTown();
    const results = await Promise.allSettled([save(member, at, { query: 'sofa' }), save(member, at, { query: 'chair' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await sut.list(member)).toHaveLength(1);
  });

  it("refuses a radius past the plan's, and deletes only the owner's own", async () => {
    const [free, pro, other] = [await world.member({ tier: 'free' }), await world.member({ tier: 'pro' }), await world.member()];
    const at = newTown();
    expect(await refusal(save(free, at, { radius: 10 }))).toBe(SavedSearchError.RADIUS_OVER_PLAN);
    const wide = await save(pro, at, { radius: 100, location: { ...at, label: 'Home' } });
    expect(wide).toMatchObject({ radius: 100, words: ['desk'], location: { lat: at.lat, lng: at.lng, label: 'Home' } });
    expect(await refusal(sut.delete(wide.id, other))).toBe(SavedSearchError.NOT_FOUND);
    expect(await sut.list(pro)).toHaveLength(1);
    expect(await sut.delete(wide.id, pro)).toEqual({ success: true });
    expect(await sut.list(pro)).toHaveLength(0);
  });

  it('matches every word (a word finds the words it starts), the category, and the radius from the public positions', async () => {
    const at = newTown();
    const poster = await world.member();
    const [both, prefix, missingWord, wrongCategory, tooFar, anyCategory] = await Promise.all(Array.from({ length: 6 }, () => world.member({ tier: 'basic' })));
    await save(both, at, { query: 'oak DESK' });
    await save(prefix, at, { query: 'draw' });
    await save(missingWord, at, { query: 'oak table' });
    await save(wrongCategory, at, { query: 'desk', category: 'Electronics' });
    await save(tooFar, { lat: at.lat + 4 * MILE, lng: at.lng }, { query: 'desk', radius: 2 });
    await save(anyCategory, { lat: at.lat + 2 * MILE, lng: at.lng }, { query: '', category: 'Furniture', radius: 5 });
    const item = await postAt(poster, at, 'Oak desk', 'Two drawers, scratched');
    const matched = await matchedFor(item.id);
    expect(matched.map((m) => m.userId).sort()).toEqual([both, prefix, anyCategory].sort());
    expect(matched.every((m) => !m.wanted)).toBe(true);
  });

  it('never tells the poster or a member blocked either way, and tells a member with two matching searches once, by their wanted post', async () => {
    const at = newTown();
    const [poster, blockedByPoster, blockerOfPoster, twice] = [
      await world.member(),
      await world.member(),
      await world.member(),
      await world.member({ tier: 'pro' }),
    ];
    const blocks = world.get(BlocksRepository);
    await blocks.keepNewer(world.db.manager, { blockerId: poster, blockedId: blockedByPoster, blocked: true, version: 1 });
    await blocks.keepNewer(world.db.manager, { blockerId: blockerOfPoster, blockedId: poster, blocked: true, version: 1 });
    for (const member of [poster, blockedByPoster, blockerOfPoster]) await save(member, at);
    const privateOne = await save(twice, at, { query: 'desk' });
    const wantedOne = await save(twice, at, { query: 'oak', isPublic: true });
    const item = await postAt(poster, at);
    expect(item.wantedBy).toBe(1);
    const matched = await matchedFor(item.id);
    expect(matched).toEqual([{ userId: twice, savedSearchId: wantedOne.id, query: 'oak', category: null, wanted: true }]);
    expect(privateOne.id).not.toBe(wantedOne.id);

    // A second run of matching for the same item (a redelivery) records and sends nothing more.
    const row = await world.get(ItemsRepository).findView(item.id);
    const again = await world.get(EventOutbox).transaction((tx) => sut.matchNewItem(tx, postedFacts(row!)));
    expect(again).toBe(0);
  });

  it("honours the member's plan as it is now: only the oldest searches it allows, within its radius", async () => {
    const at = newTown();
    const poster = await world.member();
    const member = await world.member({ tier: 'premium' });
    await save(member, { lat: at.lat + 8 * MILE, lng: at.lng }, { query: 'bike', radius: 25 });
    await save(member, at, { query: 'desk' });
    await world.db.query(`UPDATE items.posters SET subscription_tier = 'free' WHERE user_id = $1`, [member]);
    // The oldest (the bike, 25 mi, now narrowed to free's 5 mi) is the one that counts; the desk search rests.
    expect(await matchedFor((await postAt(poster, at)).id)).toEqual([]);
    expect(await matchedFor((await postAt(poster, { lat: at.lat + 5 * MILE, lng: at.lng }, 'Kids bike')).id)).toEqual([
      expect.objectContaining({ userId: member, query: 'bike' }),
    ]);
  });

  it("lists wanted posts near a place at their blurred position, by public name, never private searches or blocked members'", async () => {
    const at = newTown();
    const [author, quiet, blocker, viewer] = [await world.member({ username: 'Ada L.' }), await world.member(), await world.member(), await world.member()];
    const wanted = await save(author, at, { query: 'crib', isPublic: true });
    await save(quiet, at, { query: 'crib' });
    await save(blocker, at, { query: 'crib', isPublic: true });
    await world.get(BlocksRepository).keepNewer(world.db.manager, { blockerId: blocker, blockedId: viewer, blocked: true, version: 1 });

    const reply = await sut.wanted({ lat: at.lat, lng: at.lng, radius: 1 }, viewer);
    expect(reply.radiusCap).toBe(5);
    expect(reply.posts).toEqual([
      expect.objectContaining({ id: wanted.id, query: 'crib', member: { id: author, publicName: 'Ada L.' }, distance: expect.any(Number) }),
    ]);
    const shown = reply.posts[0].location;
    const metres = Math.hypot((shown.lat - at.lat) * 111_320, (shown.lng - at.lng) * 111_320 * Math.cos((at.lat * Math.PI) / 180));
    expect(metres).toBeGreaterThan(70);
    expect(metres).toBeLessThan(155);
    // Far away, nothing; the radius is narrowed to the caller's plan.
    expect((await sut.wanted({ lat: at.lat + 20 * MILE, lng: at.lng, radius: 100 }, viewer)).posts).toEqual([]);
  });

  it('changes the words and auto-claim together or not at all', async () => {
    const member = await world.member({ tier: 'pro' });
    const search = await save(member, newTown(), { query: 'desk' });
    expect(await sut.change(search.id, { query: 'oak desk', autoClaim: true }, member)).toMatchObject({ query: 'oak desk', autoClaim: true });
    const refused = await sut.change(search.id, { query: '  ', autoClaim: false }, member).catch((e: Error & { code: string }) => e);
    expect(refused).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    expect((await sut.list(member)).find((s) => s.id === search.id)).toMatchObject({ query: 'oak desk', autoClaim: true });
    const stranger = await world.member({ tier: 'pro' });
    expect(await sut.change(search.id, { query: 'lamp', autoClaim: false }, stranger).catch((e: Error & { code: string }) => e.code)).toBe(
      SavedSearchError.NOT_FOUND,
    );
  });
});
