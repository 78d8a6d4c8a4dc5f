import { randomUUID } from 'node:crypto';
import { AUTO_CLAIMS_PER_DAY } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { ClaimsService } from '../src/claims/claims.service';
import { HoldsRepository } from '../src/holds/holds.repository';
import { QueueService } from '../src/queue/queue.service';
import { AutoClaimService } from '../src/saved-searches/auto-claim.service';
import { MatchRow } from '../src/saved-searches/saved-searches.repository';
import { PostedItemFacts } from '../src/saved-searches/saved-searches.service';
import { ItemsWorld, startItemsWorld } from './items-world';

/**
 * Pro's auto-claim on the real PostgreSQL (docs/product-rules.md, "Auto-claim"): the daily count holds when posts
 * arrive at once (counted in the database under the member's lock), only a Pro member is acted for, and a hold it took
 * that lapses is nobody's no-show.
 */
describe(AutoClaimService.name, () => {
  let world: ItemsWorld;
  let sut: AutoClaimService;
  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(AutoClaimService);
  });
  afterAll(() => world?.stop());

  const facts = (item: { id: string; title: string }, posterId: string): PostedItemFacts => ({
    id: item.id,
    posterId,
    title: item.title,
    description: '',
    category: 'Furniture',
    publicLat: 47.6062,
    publicLng: -122.3321,
  });
  const match = (userId: string): MatchRow => ({
    saved_search_id: randomUUID(),
    user_id: userId,
    query: 'bookshelf',
    category: null,
    wanted: false,
    auto_claim: true,
  });
  const claimFor = (item: PostedItemFacts, userId: string) => world.get(EventOutbox).transaction((tx) => sut.claimFor(tx, item, [match(userId)]));
  const used = async (userId: string) => (await world.db.query(`SELECT count(*)::int AS n FROM items.auto_claims WHERE user_id = $1`, [userId]))[0].n as number;

  it(`acts at most ${AUTO_CLAIMS_PER_DAY} times in a day however many posts arrive at once`, async () => {
    const member = await world.member({ tier: 'pro', verified: true });
    const poster = await world.member();
    for (let i = 0; i < AUTO_CLAIMS_PER_DAY - 1; i++) {
      await world.db.query(
        `INSERT INTO items.auto_claims (user_id, item_id, saved_search_id, outcome) VALUES ($1, gen_random_uuid(), gen_random_uuid(), 'queued')`,
        [member],
      );
    }
    const posted = await Promise.all(Array.from({ length: 4 }, (_, i) => world.post(poster, { title: `Oak bookshelf ${i}` })));
    const outcomes = await Promise.all(posted.map((item) => claimFor(facts(item, poster), member)));
    expect(outcomes.flatMap((o) => [...o.values()])).toEqual(['held']);
    expect(await used(member)).toBe(AUTO_CLAIMS_PER_DAY);
  });

  it('lets the holds it took lapse without a no-show: three matching posts at night suspend nobody, while the member’s own lapses still count', async () => {
    const member = await world.member({ tier: 'pro', verified: true });
    const [poster, holder] = [await world.member(), await world.member()];
    const lapse = async (itemId: string) => {
      await world.db.query(`UPDATE items.items SET reserved_until = now() - interval '1 second' WHERE id = $1`, [itemId]);
      await world.sweepLapsedHold(itemId);
    };
    const first = await world.post(poster, { title: 'Oak bookshelf 1' });
    const second = await world.post(poster, { title: 'Oak bookshelf 2' });
    expect([...(await claimFor(facts(first, poster), member)).values()]).toEqual(['held']);
    expect([...(await claimFor(facts(second, poster), member)).values()]).toEqual(['held']);
    // A place in line auto-claim took becomes a hold when the holder lets go: the member did not choose it either.
    const third = await world.post(poster, { title: 'Oak bookshelf 3' });
    await world.get(ClaimsService).claim(third.id, holder, null);
    expect([...(await claimFor(facts(third, poster), member)).values()]).toEqual(['queued']);
    await world.get(QueueService).releaseHold(third.id, holder);
    for (const item of [first, second, third]) await lapse(item.id);

    const ended = await world.db.query(`SELECT outcome FROM items.holds WHERE user_id = $1 ORDER BY started_at`, [member]);
    expect(ended.map((h: { outcome: string }) => h.outcome)).toEqual(['unanswered', 'unanswered', 'unanswered']);
    const holds = world.get(HoldsRepository);
    expect(await holds.suspendedUntil(world.db.manager, member)).toBeNull();
    expect((await holds.reliability(world.db.manager, [member])).get(member)).toBeUndefined();
    // A hold the member took themselves and let lapse is a no-show as ever: of another item, or of one auto-claim took
    // first and the member released (early, so that release counts nowhere) and then took again.
    const own = await world.post(poster, { title: 'Lamp' });
    await world.get(ClaimsService).claim(own.id, member, null);
    await lapse(own.id);
    // (Another Pro member: this one has used the day's three auto-claims.)
    const otherPro = await world.member({ tier: 'pro', verified: true });
    const again = await world.post(poster, { title: 'Oak bookshelf 4' });
    expect([...(await claimFor(facts(again, poster), otherPro)).values()]).toEqual(['held']);
    await world.get(QueueService).releaseHold(again.id, otherPro);
    await world.get(ClaimsService).claim(again.id, otherPro, null);
    await lapse(again.id);
    const outcomesOf = async (userId: string, itemId: string) =>
      (
        (await world.db.query(`SELECT outcome FROM items.holds WHERE user_id = $1 AND item_id = $2 ORDER BY started_at`, [userId, itemId])) as {
          outcome: string;
        }[]
      ).map((h) => h.outcome);
    expect(await outcomesOf(member, own.id)).toEqual(['lapsed']);
    expect(await outcomesOf(otherPro, again.id)).toEqual(['released_early', 'lapsed']);
  });

  it('acts only for a member on Pro now, and never on their own item', async () => {
    const [premium, pro, poster] = [
      await world.member({ tier: 'premium', verified: true }),
      await world.member({ tier: 'pro', verified: true }),
      await world.member(),
    ];
    const item = facts(await world.post(poster), poster);
    expect([...(await claimFor(item, premium)).entries()]).toEqual([]);
    const own = facts(await world.post(pro), pro);
    expect([...(await claimFor(own, pro)).entries()]).toEqual([]);
    expect(await used(premium)).toBe(0);
    expect(await used(pro)).toBe(0);
    expect([...(await claimFor(item, pro)).entries()]).toEqual([[pro, 'held']]);
  });
});
