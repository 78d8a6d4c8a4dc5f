import { randomUUID } from 'node:crypto';
import { Calls, EventEnvelope, EventPayload, Events, LeaderboardEntry, LeaderboardReply, RedeemResponse, Reward } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { rewardsService } from '../rewards.definition';
import { FIRST_PAGE_TTL_MS } from '../leaderboard/leaderboard.service';
import { LedgerService } from './ledger.service';

type Award = EventPayload<typeof Events.pointsAwarded>;
type RankChange = EventPayload<typeof Events.rankChanged>;
type BadgeEarned = EventPayload<typeof Events.badgeEarned>;

const HOUR = 3_600_000;

const envelope = <T>(subject: string, payload: T, occurredAt = new Date()): EventEnvelope<T> => ({
  id: randomUUID(),
  subject,
  occurredAt: occurredAt.toISOString(),
  payload,
});

const posted = (posterId: string, options: { isScoutFind?: boolean; createdAt?: Date; timeZone?: string; itemId?: string } = {}) =>
  envelope(Events.itemPosted.subject, {
    itemId: options.itemId ?? randomUUID(),
    posterId,
    title: 'Chair',
    category: 'Furniture',
    isScoutFind: options.isScoutFind ?? false,
    isGarageSale: false,
    pricingType: 'free' as const,
    lat: 40,
    lng: -75,
    createdAt: (options.createdAt ?? new Date()).toISOString(),
    timeZone: options.timeZone ?? 'America/New_York',
  });

const deleted = (item: EventEnvelope<{ itemId: string; posterId: string }>, at: Date) =>
  envelope(Events.itemDeleted.subject, { itemId: item.payload.itemId, posterId: item.payload.posterId, title: 'Chair' }, at);

const removed = (item: EventEnvelope<{ itemId: string; posterId: string }>, reason: 'reported' | 'not_there') =>
  envelope(Events.itemRemoved.subject, { itemId: item.payload.itemId, posterId: item.payload.posterId, title: 'Chair', reason });

const claimed = (claimerId: string, posterId: string, pricingType: 'free' | 'paid' = 'free') =>
  envelope(Events.itemClaimed.subject, {
    itemId: randomUUID(),
    posterId,
    claimerId,
    title: 'Lamp',
    pricingType,
    customAmount: pricingType === 'paid' ? 500 : null,
    isScoutFind: false,
    claimedAt: new Date().toISOString(),
  });

describe(LedgerService.name, () => {
  let sut: ServiceUnderTest;
  const awards: Award[] = [];
  const rankChanges: RankChange[] = [];
  const badges: BadgeEarned[] = [];

  beforeAll(async () => {
    sut = await startServiceUnderTest(rewardsService);
    const { bus } = sut.infrastructure;
    await bus.subscribe('test-awards', Events.pointsAwarded.subject, async (e) => void awards.push(e.payload as Award));
    await bus.subscribe('test-ranks', Events.rankChanged.subject, async (e) => void rankChanges.push(e.payload as RankChange));
    await bus.subscribe('test-badges', Events.badgeEarned.subject, async (e) => void badges.push(e.payload as BadgeEarned));
  });
  afterAll(() => sut?.stop());

  const ledger = () => sut.service.app.get(LedgerService);
  const balanceOf = async (userId: string) => {
    const [row] = await sut.service.runtime.dataSource.query(`SELECT points, earned, badges FROM rewards.balances WHERE user_id = $1`, [userId]);
    return (row ?? { points: 0, earned: 0, badges: [] }) as { points: number; earned: number; badges: string[] };
  };
  const processed = async (ids: string[]) => {
    const [{ n }] = await sut.service.runtime.dataSource.query(`SELECT count(DISTINCT event_id)::int AS n FROM rewards.processed_events WHERE event_id = ANY ($1)`, [ids]);
    return n as number;
  };
  /** Publishes the events in order and waits until the service has applied every one of them. */
  const deliver = async (...events: EventEnvelope<unknown>[]) => {
    for (const e of events) await sut.infrastructure.bus.publish(e);
    await waitFor(async () => (await processed(events.map((e) => e.id))) === new Set(events.map((e) => e.id)).size, { what: 'events applied' });
    // What the service announced in reply is relayed after its commit: wait until it has left the outbox.
    await waitFor(
      async () => (await sut.service.runtime.dataSource.query(`SELECT count(*)::int AS n FROM rewards.outbox_events WHERE published_at IS NULL`))[0].n === 0,
      { what: 'announcements relayed' },
    );
  };
  /** Points straight into the ledger (a test's stand-in for a history of posts). */
  const grant = (userId: string, amount: number) =>
    sut.service.app.get(EventOutbox).transaction((tx) => ledger().apply(tx, { userId, amount, reason: 'test_grant', sourceEventId: randomUUID(), countsAsEarned: true }));

  it('credits +10 for a first post and +10 for the First Post Badge, announcing balance, rank and badge', async () => {
    const userId = randomUUID();
    await deliver(posted(userId));
    expect(await balanceOf(userId)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'] });
    await waitFor(async () => awards.filter((a) => a.userId === userId).length >= 2, { what: 'both awards announced' });
    expect(awards.filter((a) => a.userId === userId).map((a) => [a.amount, a.reason, a.balance])).toEqual([
      [10, 'post_item', 10],
      [10, 'badge:First Post Badge', 20],
    ]);
    expect(awards.find((a) => a.userId === userId && a.reason.startsWith('badge:'))?.badges).toEqual(['First Post Badge']);
    expect(badges.filter((b) => b.userId === userId)).toMatchObject([{ badge: 'First Post Badge', bonusPoints: 10 }]);
  });

  it('credits +25 for a scout find, with the Scout Badge', async () => {
    const userId = randomUUID();
    await deliver(posted(userId, { isScoutFind: true }));
    expect(await balanceOf(userId)).toEqual({ points: 25 + 10 + 25, earned: 60, badges: ['First Post Badge', 'Scout Badge'] });
  });

  it('applies the tier multiplier to action points, rounded down (premium 1.5x: 10 → 15, 25 → 37), not to badge bonuses', async () => {
    const userId = randomUUID();
    await deliver(
      envelope(Events.userUpdated.subject, {
        userId,
        username: 'PlumpOtter0001',
        subscriptionTier: 'premium',
        scoutMode: true,
        isVerified: true,
        isAdmin: false,
        notificationRadius: '2',
        notificationFlags: {},
        version: 2,
      }),
    );
    await deliver(posted(userId), posted(userId, { isScoutFind: true }));
    expect((await balanceOf(userId)).points).toBe(15 + 37 + 10 + 25);
  });

  it('announces a rank change when points earned cross 100', async () => {
    const userId = randomUUID();
    await deliver(posted(userId, { isScoutFind: true }), posted(userId, { isScoutFind: true }));
    // 25 + 10 (first post) + 25 (scout) + 25 = 85
    expect(rankChanges.filter((r) => r.userId === userId)).toEqual([]);
    await deliver(posted(userId, { isScoutFind: true }));
    expect(rankChanges.filter((r) => r.userId === userId)).toEqual([{ userId, from: 'Newbie', to: 'Scout', points: 110, version: 5 }]);
  });

  it('pays ten posts a local day at most; the next local day pays again', async () => {
    const userId = randomUUID();
    const morning = new Date('2026-11-20T15:00:00Z'); // 10:00 in New York
    const posts = Array.from({ length: 12 }, (_, i) => posted(userId, { createdAt: new Date(morning.getTime() + i * 60_000) }));
    await deliver(...posts);
    expect(await balanceOf(userId)).toMatchObject({ points: 10 * 10 + 10 });
    // 04:30 UTC on the 21st is still the 20th in New York; 05:30 UTC is the 21st.
    await deliver(posted(userId, { createdAt: new Date('2026-11-21T04:30:00Z') }));
    expect((await balanceOf(userId)).points).toBe(110);
    await deliver(posted(userId, { createdAt: new Date('2026-11-21T05:30:00Z') }));
    expect((await balanceOf(userId)).points).toBe(120);
  });

  it('farming: 30 posts created and deleted within the hour leave no post points (the First Post Badge stays, docs/product-rules.md)', async () => {
    const userId = randomUUID();
    const start = new Date();
    const posts = Array.from({ length: 30 }, () => posted(userId, { createdAt: start }));
    await deliver(...posts);
    await deliver(...posts.map((p) => deleted(p, new Date(start.getTime() + 5 * 60_000))));
    expect(await balanceOf(userId)).toEqual({ points: 10, earned: 10, badges: ['First Post Badge'] });
    // The day's slots are free again: the next post that stands (made after the deletions) earns its points.
    await deliver(posted(userId, { createdAt: new Date(start.getTime() + 6 * 60_000) }));
    expect((await balanceOf(userId)).points).toBe(20);
  });

  it('keeps the points of a post deleted more than an hour after posting, and of one neighbours found gone', async () => {
    const userId = randomUUID();
    const postedAt = new Date(Date.now() - 2 * HOUR);
    const old = posted(userId, { createdAt: postedAt });
    const taken = posted(userId, { createdAt: postedAt });
    await deliver(old, taken);
    await deliver(deleted(old, new Date(postedAt.getTime() + HOUR + 1000)), removed(taken, 'not_there'));
    expect((await balanceOf(userId)).points).toBe(30);
  });

  it('takes back the points of a post removed after reports, never below zero once points were spent', async () => {
    const userId = randomUUID();
    const item = posted(userId, { isScoutFind: true });
    await deliver(item);
    expect((await balanceOf(userId)).points).toBe(60);
    const [spotlight] = (await sut.call(Calls.rewards.catalogue, {})).filter((r) => r.pointsCost === 50);
    await sut.call(Calls.rewards.redeem, { rewardId: spotlight.id }, userId);
    await deliver(removed(item, 'reported'));
    expect(await balanceOf(userId)).toEqual({ points: 0, earned: 35, badges: ['First Post Badge', 'Scout Badge'] });
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
    await deliver(...history);
    const snapshot = async () => ({
      balances: await Promise.all([alice, bob, carol].map(balanceOf)),
      entries: await sut.service.runtime.dataSource.query(
        `SELECT user_id, reason, amount FROM rewards.ledger_entries WHERE user_id = ANY ($1) ORDER BY user_id, reason, amount`,
        [[alice, bob, carol]],
      ),
      ranks: rankChanges.filter((r) => [alice, bob].includes(r.userId)).length,
      badges: badges.filter((b) => [alice, bob].includes(b.userId)).length,
    });
    const once = await snapshot();
    // Which badge came first depends on which event each consumer took first; which badges, does not.
    expect([...once.balances[0].badges].sort()).toEqual(['Community Helper', 'First Post Badge', 'Scout Badge']);

    await deliver(...history);
    await deliver(...[...history].reverse());
    await new Promise((r) => setTimeout(r, 200));
    expect(await snapshot()).toEqual(once);
  });

  it('Community Champion at the 25th different member claimed from, not the 24th', async () => {
    const userId = randomUUID();
    const posters = Array.from({ length: 25 }, () => randomUUID());
    await deliver(...posters.slice(0, 24).map((p) => claimed(userId, p)), claimed(userId, posters[0]));
    expect((await balanceOf(userId)).badges).not.toContain('Community Champion');
    await deliver(claimed(userId, posters[24]));
    expect((await balanceOf(userId)).badges).toContain('Community Champion');
  });

  it('Explorer at 250 points earned, not 249', async () => {
    const userId = randomUUID();
    await grant(userId, 229);
    await deliver(posted(userId)); // 229 + 10 + 10 (First Post) = 249
    expect(await balanceOf(userId)).toMatchObject({ earned: 249, badges: ['First Post Badge'] });
    const claim = claimed(userId, randomUUID(), 'paid');
    await deliver(claim); // + 5 = 254
    expect(await balanceOf(userId)).toMatchObject({ earned: 254 + 50, badges: ['First Post Badge', 'Explorer Badge'] });
  });

  describe('the shop', () => {
    const catalogue = () => sut.call(Calls.rewards.catalogue, {});
    const redeem = (userId: string, rewardId: string) => sut.call(Calls.rewards.redeem, { rewardId }, userId);

    it('offers perks, merchandise and donations, some limited, one affordable within a first week', async () => {
      const rewards = await catalogue();
      expect(new Set(rewards.map((r) => r.category))).toEqual(new Set(['perks', 'merchandise', 'donations']));
      expect(rewards.some((r) => r.limitPerUser !== undefined) && rewards.some((r) => r.limitPerUser === undefined)).toBe(true);
      expect(Math.min(...rewards.map((r) => r.pointsCost))).toBeLessThanOrEqual(70); // a week: 5 posts and a claim
    });

    it('20 redemptions at once by a member who can afford 3: exactly 3 succeed, the balance never below zero', async () => {
      const userId = randomUUID();
      await grant(userId, 170);
      const spotlight = (await catalogue()).find((r) => r.name === 'Spotlight Post') as Reward;
      expect(spotlight).toMatchObject({ pointsCost: 50, limitPerUser: 5 });
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => redeem(userId, spotlight.id)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason?.message ?? r.reason));
      expect(new Set(refusals)).toEqual(new Set(['Not enough points: this reward costs 50 points and you have 20.']));
      expect((await balanceOf(userId)).points).toBe(20);
      expect(await sut.call(Calls.rewards.userRewards, {}, userId)).toHaveLength(3);
    });

    it('a reward limited to one, redeemed 10 times at once: exactly 1, with the limit message', async () => {
      const userId = randomUUID();
      await grant(userId, 5000);
      const frame = (await catalogue()).find((r) => r.limitPerUser === 1) as Reward;
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => redeem(userId, frame.id)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<RedeemResponse>).value).toEqual({
        success: true,
        message: `${frame.name} is yours. ${frame.pointsCost} points were deducted.`,
      });
      const refusal = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(String(refusal?.reason?.message)).toBe('You have already redeemed this reward once, its limit per member.');
      expect((await balanceOf(userId)).points).toBe(5000 - frame.pointsCost);
      // Spending does not lower points earned: rank and leaderboard stand.
      expect((await balanceOf(userId)).earned).toBeGreaterThanOrEqual(5000);
    });

    it('refuses an unknown reward and an anonymous caller, and lists only the caller’s own redemptions', async () => {
      await expect(redeem(randomUUID(), randomUUID())).rejects.toMatchObject({ message: 'Reward not found' });
      await expect(sut.call(Calls.rewards.redeem, { rewardId: randomUUID() })).rejects.toMatchObject({ message: 'Sign in to use the points shop' });
      expect(await sut.call(Calls.rewards.userRewards, {}, randomUUID())).toEqual([]);
    });
  });

  describe('the leaderboard', () => {
    it('lists members by points earned with username, badges, rank and scout mode, page by page', async () => {
      const top = randomUUID();
      await deliver(
        envelope(Events.userCreated.subject, {
          userId: top,
          username: 'BraveFinch0042',
          subscriptionTier: 'free',
          scoutMode: true,
          isVerified: true,
          isAdmin: false,
          notificationRadius: '2',
          notificationFlags: {},
          version: 1,
        }),
      );
      await grant(top, 100_000);
      const page = (body: unknown) => JSON.parse((body as LeaderboardReply).entriesJson) as LeaderboardEntry[];
      const first = page(await sut.call(Calls.rewards.leaderboard, { limit: 3 }));
      expect(first[0]).toEqual({ id: top, username: 'BraveFinch0042', points: 100_000, badges: [], rank: 'Curb Master', scoutMode: true });
      expect(first).toHaveLength(3);
      const points = first.map((e) => e.points);
      expect(points).toEqual([...points].sort((a, b) => b - a));

      const all: string[] = [];
      let cursor: string | undefined;
      do {
        const reply: LeaderboardReply = await sut.call(Calls.rewards.leaderboard, { limit: 7, ...(cursor ? { cursor } : {}) });
        all.push(...page(reply).map((e) => e.id));
        cursor = reply.nextCursor ?? undefined;
      } while (cursor);
      const [{ n }] = await sut.service.runtime.dataSource.query(`SELECT count(*)::int AS n FROM rewards.balances`);
      expect(all).toHaveLength(n);
      expect(new Set(all).size).toBe(n);
    });

    it('serves the first page from a one-second copy, then the new standings', async () => {
      const climber = randomUUID();
      const top = async () => (JSON.parse((await sut.call(Calls.rewards.leaderboard, { limit: 2 })).entriesJson) as LeaderboardEntry[])[0];
      const before = await top();
      await grant(climber, before.points + 1);
      expect((await top()).id).toBe(before.id);
      await new Promise((r) => setTimeout(r, FIRST_PAGE_TTL_MS + 50));
      expect(await top()).toMatchObject({ id: climber, points: before.points + 1 });
    });

    it('refuses a cursor it did not give out', async () => {
      await expect(sut.call(Calls.rewards.leaderboard, { cursor: "1' OR 1=1" })).rejects.toMatchObject({
        message: expect.stringContaining('cursor is not one this server gave out'),
      });
    });
  });
});
