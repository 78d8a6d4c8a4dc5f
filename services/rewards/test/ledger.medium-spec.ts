import { randomUUID } from 'node:crypto';
import { Calls } from '@curbside/contracts';
import { DAILY_POST_CREDITS, LedgerService, QUICK_DELETE_MS } from '../src/ledger/ledger.service';
import { claimed, deleted, HOUR, member, posted, removed, RewardsWorld, startRewardsWorld } from './rewards-world';

/**
 * The ledger on the real PostgreSQL, fed through its real consumers: points per action and plan, the day's ten
 * paid posts, reversals, badges and ranks, and replays that pay nothing twice. Post points are pending until the
 * pickup (pending-points.medium-spec.ts); here `world.sweep()` makes them final as six hours would. The
 * delivery-order cases are in reaction-order.medium-spec.ts.
 */
describe(LedgerService.name, () => {
  let world: RewardsWorld;

  beforeAll(async () => {
    world = await startRewardsWorld();
  });
  afterAll(() => world?.stop());

  const entriesOf = (userId: string): Promise<{ reason: string; amount: number }[]> =>
    world.db.query(`SELECT reason, amount FROM rewards.ledger_entries WHERE user_id = $1 ORDER BY created_at, reason`, [userId]);

  it('keeps +10 for a first post pending, then credits it with +10 for the First Post Badge, announcing balance, rank and badge', async () => {
    const userId = randomUUID();
    await world.deliver(posted(userId));
    expect(await world.balanceOf(userId)).toEqual({ points: 0, earned: 0, badges: [] });
    expect(await world.pendingOf(userId)).toBe(10);
    expect(world.awards.filter((a) => a.userId === userId)).toEqual([]);
    await world.sweep();
    expect(await world.pendingOf(userId)).toBe(0);
    expect(await world.balanceOf(userId)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'] });
    // In the ledger's order (version): two events of one transaction may be published in either order.
    const awards = world.awards.filter((a) => a.userId === userId).sort((a, b) => a.version - b.version);
    expect(awards.map((a) => [a.amount, a.reason, a.balance])).toEqual([
      [10, 'post_item', 10],
      [10, 'badge:First Post Badge', 20],
    ]);
    expect(world.awards.find((a) => a.userId === userId && a.reason.startsWith('badge:'))?.badges).toEqual(['First Post Badge']);
    expect(world.badges.filter((b) => b.userId === userId)).toMatchObject([{ badge: 'First Post Badge', bonusPoints: 10 }]);
  });

  it('credits +25 for a scout find, with the Scout Badge', async () => {
    const userId = randomUUID();
    await world.deliver(posted(userId, { isScoutFind: true }));
    await world.sweep();
    expect(await world.balanceOf(userId)).toEqual({ points: 25 + 10 + 25, earned: 60, badges: ['First Post Badge', 'Scout Badge'] });
  });

  it('applies the plan multiplier of the member mirror to action points, rounded down (premium 1.5x: 10 → 15, 25 → 37), not to badge bonuses', async () => {
    const userId = randomUUID();
    await world.deliver(member(userId, { tier: 'premium' }));
    await world.deliver(posted(userId), posted(userId, { isScoutFind: true }));
    await world.sweep();
    expect((await world.balanceOf(userId)).points).toBe(15 + 37 + 10 + 25);
  });

  it('pays by the plan that travelled with the act, whatever the mirror says: pro 2x a post, basic 1.2x a pickup (5 → 6)', async () => {
    const poster = randomUUID();
    const claimer = randomUUID();
    await world.deliver(member(poster, { tier: 'free' }), member(claimer, { tier: 'pro' }));
    await world.deliver(posted(poster, { posterTier: 'pro' }), claimed(claimer, poster, 'paid', 'basic'));
    await world.sweep();
    expect((await entriesOf(poster)).filter((e) => e.reason === 'post_item')).toEqual([{ reason: 'post_item', amount: 20 }]);
    expect(await entriesOf(claimer)).toEqual([{ reason: 'pickup_claim', amount: 6 }]);
  });

  it('announces a rank change when points earned cross 100', async () => {
    const userId = randomUUID();
    await world.deliver(posted(userId, { isScoutFind: true }), posted(userId, { isScoutFind: true }));
    await world.sweep();
    // 25 + 10 (first post) + 25 (scout) + 25 = 85
    expect(world.rankChanges.filter((r) => r.userId === userId)).toEqual([]);
    await world.deliver(posted(userId, { isScoutFind: true }));
    expect(world.rankChanges.filter((r) => r.userId === userId)).toEqual([]);
    await world.sweep();
    expect(world.rankChanges.filter((r) => r.userId === userId)).toEqual([{ userId, from: 'Newbie', to: 'Scout', points: 110, version: 5 }]);
  });

  it(`pays ${DAILY_POST_CREDITS} posts a local day: the eleventh pays nothing and waits uncredited; the next local day pays again`, async () => {
    const userId = randomUUID();
    const morning = new Date('2026-11-20T15:00:00Z'); // 10:00 in New York
    const posts = Array.from({ length: 12 }, (_, i) => posted(userId, { createdAt: new Date(morning.getTime() + i * 60_000) }));
    await world.deliver(...posts.slice(0, DAILY_POST_CREDITS));
    expect(await world.pendingOf(userId)).toBe(10 * 10);
    await world.sweep();
    expect(await world.balanceOf(userId)).toMatchObject({ points: 10 * 10 + 10 });
    await world.deliver(posts[10]);
    expect(await world.pendingOf(userId)).toBe(0);
    expect(await world.balanceOf(userId)).toMatchObject({ points: 10 * 10 + 10 });
    expect((await entriesOf(userId)).filter((e) => e.reason === 'post_item')).toHaveLength(DAILY_POST_CREDITS);
    const waiting: { item_id: string }[] = await world.db.query(`SELECT item_id FROM rewards.uncredited_posts WHERE user_id = $1`, [userId]);
    expect(waiting).toEqual([{ item_id: posts[10].payload.itemId }]);
    await world.deliver(posts[11]);
    // 04:30 UTC on the 21st is still the 20th in New York; 05:30 UTC is the 21st.
    await world.deliver(posted(userId, { createdAt: new Date('2026-11-21T04:30:00Z') }));
    expect(await world.pendingOf(userId)).toBe(0);
    await world.deliver(posted(userId, { createdAt: new Date('2026-11-21T05:30:00Z') }));
    expect(await world.pendingOf(userId)).toBe(10);
    await world.sweep();
    expect((await world.balanceOf(userId)).points).toBe(120);
  });

  it("counts the day in the poster's own time zone: posts placed in far-apart zones share one day's ten", async () => {
    const userId = randomUUID();
    // 20:00 on the 20th in New York is already the 21st in Auckland and still the 20th in Honolulu.
    const evening = new Date('2026-11-21T01:00:00Z');
    const zones = ['America/New_York', 'Pacific/Auckland', 'Pacific/Honolulu'];
    const posts = Array.from({ length: 3 * DAILY_POST_CREDITS }, (_, i) =>
      posted(userId, { createdAt: new Date(evening.getTime() + i * 60_000), timeZone: zones[i % 3], posterTimeZone: 'America/New_York' }),
    );
    await world.deliver(...posts);
    expect(await world.pendingOf(userId)).toBe(DAILY_POST_CREDITS * 10);
    const waiting: { n: number }[] = await world.db.query(`SELECT count(*)::int AS n FROM rewards.uncredited_posts WHERE user_id = $1`, [userId]);
    expect(waiting).toEqual([{ n: 2 * DAILY_POST_CREDITS }]);

    // An event from before posterTimeZone travelled with the post counts by the item's own zone.
    const older = randomUUID();
    await world.deliver(
      ...Array.from({ length: DAILY_POST_CREDITS }, (_, i) => posted(older, { createdAt: new Date(evening.getTime() + i * 60_000) })),
      posted(older, { createdAt: evening, timeZone: 'Pacific/Auckland' }),
    );
    expect(await world.pendingOf(older)).toBe((DAILY_POST_CREDITS + 1) * 10);
  });

  it('a post deleted by its poster while its points are pending loses them, within its first hour or after', async () => {
    const userId = randomUUID();
    const postedAt = new Date(Date.now() - 3 * HOUR);
    const quick = posted(userId, { createdAt: postedAt });
    const late = posted(userId, { createdAt: postedAt });
    await world.deliver(quick, late);
    expect(await world.pendingOf(userId)).toBe(20);
    await world.deliver(deleted(quick, new Date(postedAt.getTime() + QUICK_DELETE_MS - 60_000)));
    expect(await world.pendingOf(userId)).toBe(10);
    await world.deliver(deleted(late, new Date(postedAt.getTime() + QUICK_DELETE_MS + 1000)));
    expect(await world.pendingOf(userId)).toBe(0);
    await world.sweep();
    expect(await world.balanceOf(userId)).toEqual({ points: 0, earned: 0, badges: [] });
    expect(await entriesOf(userId)).toEqual([]);
  });

  it('keeps a deletion that arrives before its post, and takes the points back when the post arrives', async () => {
    const userId = randomUUID();
    const postedAt = new Date();
    const post = posted(userId, { createdAt: postedAt });
    await world.deliver(deleted(post, new Date(postedAt.getTime() + 60_000)));
    expect(await world.balanceOf(userId)).toEqual({ points: 0, earned: 0, badges: [] });
    await world.deliver(post);
    expect(await world.pendingOf(userId)).toBe(0);
    await world.sweep();
    // Withdrawn while pending: it never counted, not even toward the First Post Badge.
    expect(await world.balanceOf(userId)).toEqual({ points: 0, earned: 0, badges: [] });
    expect(await world.db.query(`SELECT 1 FROM rewards.pending_post_reversals WHERE item_id = $1`, [post.payload.itemId])).toEqual([]);
  });

  it('farming: 30 posts created and deleted within the hour leave no points and no badge (docs/product-rules.md)', async () => {
    const userId = randomUUID();
    const start = new Date();
    const posts = Array.from({ length: 30 }, () => posted(userId, { createdAt: start }));
    await world.deliver(...posts);
    await world.deliver(...posts.map((p) => deleted(p, new Date(start.getTime() + 5 * 60_000))));
    await world.sweep();
    expect(await world.balanceOf(userId)).toEqual({ points: 0, earned: 0, badges: [] });
    expect(await world.pendingOf(userId)).toBe(0);
    // The day's slots are free again: the next post that stands (made after the deletions) earns its points.
    await world.deliver(posted(userId, { createdAt: new Date(start.getTime() + 6 * 60_000) }));
    await world.sweep();
    expect((await world.balanceOf(userId)).points).toBe(20);
  });

  it('keeps final points of a post deleted more than an hour after posting, and of one neighbours found gone', async () => {
    const userId = randomUUID();
    const postedAt = new Date(Date.now() - 7 * HOUR);
    const old = posted(userId, { createdAt: postedAt });
    const taken = posted(userId, { createdAt: postedAt });
    await world.deliver(old, taken);
    await world.sweep();
    await world.deliver(deleted(old, new Date()), removed(taken, 'not_there'));
    expect((await world.balanceOf(userId)).points).toBe(30);
  });

  it('takes back the points of a post removed after reports, never below zero once points were spent', async () => {
    const userId = randomUUID();
    const item = posted(userId, { isScoutFind: true });
    await world.deliver(item);
    await world.sweep();
    expect((await world.balanceOf(userId)).points).toBe(60);
    const [spotlight] = (await world.sut.call(Calls.rewards.catalogue, {})).filter((r) => r.pointsCost === 50);
    await world.sut.call(Calls.rewards.redeem, { rewardId: spotlight.id }, userId);
    await world.deliver(removed(item, 'reported'));
    expect(await world.balanceOf(userId)).toEqual({ points: 0, earned: 35, badges: ['First Post Badge', 'Scout Badge'] });
  });

  it('replaying every event of a history twice leaves balances, badges and ranks as after one replay', async () => {
    const [alice, bob, carol]: string[] = [randomUUID(), randomUUID(), randomUUID()];
    const first = posted(alice, { isScoutFind: true });
    const second = posted(alice);
    const history = [
      first,
      second,
      posted(alice),
      posted(bob),
      claimed(alice, bob),
      claimed(alice, carol, 'paid'),
      claimed(bob, alice),
      deleted(second, new Date()),
      removed(first, 'reported'),
      ...Array.from({ length: 3 }, () => posted(alice, { isScoutFind: true })),
    ];
    await world.deliver(...history);
    await world.sweep();
    const snapshot = async () => ({
      balances: await Promise.all([alice, bob, carol].map(world.balanceOf)),
      entries: await world.db.query(`SELECT user_id, reason, amount FROM rewards.ledger_entries WHERE user_id = ANY ($1) ORDER BY user_id, reason, amount`, [
        [alice, bob, carol],
      ]),
      ranks: world.rankChanges.filter((r) => [alice, bob].includes(r.userId)).length,
      badges: world.badges.filter((b) => [alice, bob].includes(b.userId)).length,
    });
    const once = await snapshot();
    // Which badge came first depends on which event each consumer took first; which badges, does not.
    expect([...once.balances[0].badges].sort()).toEqual(['Community Helper', 'First Post Badge', 'Scout Badge']);

    await world.deliver(...history);
    await world.deliver(...[...history].reverse());
    await new Promise((r) => setTimeout(r, 200));
    expect(await snapshot()).toEqual(once);
  });

  it('Community Champion at the 25th different member claimed from, not the 24th; picking up one’s own post counts for nothing', async () => {
    const userId = randomUUID();
    const posters = Array.from({ length: 25 }, () => randomUUID());
    await world.deliver(...posters.slice(0, 24).map((p) => claimed(userId, p)), claimed(userId, posters[0]), claimed(userId, userId));
    expect((await world.balanceOf(userId)).badges).not.toContain('Community Champion');
    await world.deliver(claimed(userId, posters[24]));
    expect((await world.balanceOf(userId)).badges).toContain('Community Champion');
  });

  it('Explorer at 250 points earned, not 249', async () => {
    const userId = randomUUID();
    await world.grant(userId, 229);
    await world.deliver(posted(userId));
    await world.sweep(); // 229 + 10 + 10 (First Post) = 249
    expect(await world.balanceOf(userId)).toMatchObject({ earned: 249, badges: ['First Post Badge'] });
    await world.deliver(claimed(userId, randomUUID(), 'paid')); // + 5 = 254
    expect(await world.balanceOf(userId)).toMatchObject({ earned: 254 + 50, badges: ['First Post Badge', 'Explorer Badge'] });
  });

  it('answers a member’s balance and summary: points, rank, badges, redemptions and the latest ten entries', async () => {
    const userId = randomUUID();
    const start = Date.parse('2026-11-19T15:00:00Z'); // one New York day
    await world.deliver(...Array.from({ length: 11 }, (_, i) => posted(userId, { createdAt: new Date(start + i * 60_000) })));
    // Ten pending; the eleventh, past the day's ten, earns nothing.
    expect(await world.sut.call(Calls.rewards.balance, { userId })).toEqual({ userId, balance: 0, pendingPoints: 100, entries: 0 });
    await world.sweep();
    expect(await world.sut.call(Calls.rewards.balance, { userId })).toEqual({ userId, balance: 110, pendingPoints: 0, entries: 11 });
    const summary = await world.sut.call(Calls.rewards.summary, { userId });
    expect(summary).toMatchObject({ points: 110, pendingPoints: 0, earnedPoints: 110, rank: 'Scout', badges: ['First Post Badge'], redemptions: 0 });
    expect(summary.recentActivity).toHaveLength(10);
    expect(summary.recentActivity[0]).toMatchObject({ activityType: expect.any(String), description: expect.stringMatching(/^\+10 points: /) });
    expect(await world.sut.call(Calls.rewards.summary, { userId: randomUUID() })).toMatchObject({
      points: 0,
      pendingPoints: 0,
      earnedPoints: 0,
      rank: 'Newbie',
      recentActivity: [],
    });
  });
});
