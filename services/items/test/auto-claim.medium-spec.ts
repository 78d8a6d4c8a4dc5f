import { randomUUID } from 'node:crypto';
import { AUTO_CLAIMS_PER_DAY } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { AutoClaimService } from '../src/saved-searches/auto-claim.service';
import { MatchRow } from '../src/saved-searches/saved-searches.repository';
import { PostedItemFacts } from '../src/saved-searches/saved-searches.service';
import { ItemsWorld, startItemsWorld } from './items-world';

/**
 * Pro's auto-claim on the real PostgreSQL (docs/product-rules.md, "Auto-claim"): the daily count holds when posts
 * arrive at once (counted in the database under the member's lock), and only a Pro member is acted for.
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
