import { randomUUID } from 'node:crypto';
import { Calls, DomainError, ErrorCode, RedeemResponse, Reward, RewardError } from '@curbside/contracts';
import { ShopService } from '../src/shop/shop.service';
import { posted, removed, RewardsWorld, startRewardsWorld } from './rewards-world';

/** The points shop on the real PostgreSQL: redemptions at once never below zero nor past a reward's limit. */
describe(ShopService.name, () => {
  let world: RewardsWorld;
  let rewards: Reward[];

  beforeAll(async () => {
    world = await startRewardsWorld();
    rewards = await world.sut.call(Calls.rewards.catalogue, {});
  });
  afterAll(() => world?.stop());

  const redeem = (userId: string, rewardId: string) => world.sut.call(Calls.rewards.redeem, { rewardId }, userId);
  const codesOf = (results: PromiseSettledResult<unknown>[]) =>
    results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason instanceof DomainError ? r.reason.code : String(r.reason)));
  const spotlight = () => rewards.find((r) => r.name === 'Spotlight Post') as Reward;

  it('offers perks, merchandise and donations in that order, some limited, one affordable within a first week', () => {
    expect([...new Set(rewards.map((r) => r.category))]).toEqual(['perks', 'merchandise', 'donations']);
    expect(rewards.some((r) => r.limitPerUser !== undefined) && rewards.some((r) => r.limitPerUser === undefined)).toBe(true);
    expect(Math.min(...rewards.map((r) => r.pointsCost))).toBeLessThanOrEqual(70); // a week: 5 posts and a claim
  });

  it('two redemptions at once by a member who can afford one: one succeeds, the other is refused with NOT_ENOUGH_POINTS', async () => {
    const userId = randomUUID();
    await world.grant(userId, 60);
    const results = await Promise.allSettled([redeem(userId, spotlight().id), redeem(userId, spotlight().id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(codesOf(results)).toEqual([RewardError.NOT_ENOUGH_POINTS]);
    expect((await world.balanceOf(userId)).points).toBe(10);
  });

  it('20 redemptions at once by a member who can afford 3: exactly 3 succeed, the balance never below zero', async () => {
    const userId = randomUUID();
    await world.grant(userId, 170);
    expect(spotlight()).toMatchObject({ pointsCost: 50, limitPerUser: 5 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => redeem(userId, spotlight().id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(new Set(codesOf(results))).toEqual(new Set([RewardError.NOT_ENOUGH_POINTS]));
    const refusal = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusal?.reason.message).toBe('Not enough points: this reward costs 50 points and you have 20.');
    expect((await world.balanceOf(userId)).points).toBe(20);
    expect(await world.sut.call(Calls.rewards.userRewards, {}, userId)).toHaveLength(3);
  });

  it('a reward limited to one, redeemed 10 times at once: exactly 1, the others refused with LIMIT_REACHED', async () => {
    const userId = randomUUID();
    await world.grant(userId, 5000);
    const frame = rewards.find((r) => r.limitPerUser === 1) as Reward;
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => redeem(userId, frame.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<RedeemResponse>).value).toEqual({
      success: true,
      message: `${frame.name} is yours. ${frame.pointsCost} points were deducted.`,
      redemptionId: expect.any(String),
      balance: 5000 - frame.pointsCost,
    });
    expect(codesOf(results)).toEqual(Array.from({ length: 9 }, () => RewardError.LIMIT_REACHED));
    const refusal = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusal?.reason.message).toBe('You have already redeemed this reward once, its limit per member.');
    expect((await world.balanceOf(userId)).points).toBe(5000 - frame.pointsCost);
    // Spending does not lower points earned: rank and leaderboard stand.
    expect((await world.balanceOf(userId)).earned).toBe(5000);
    expect(await world.sut.call(Calls.rewards.summary, { userId })).toMatchObject({ redemptions: 1 });
  });

  it('a redemption and the reversal of the post that paid for it, at once: the balance never goes below zero', async () => {
    const userId = randomUUID();
    const item = posted(userId, { isScoutFind: true });
    await world.deliver(item);
    await world.sweep(); // 25 + 10 (First Post) + 25 (Scout) = 60
    const [redemption] = await Promise.allSettled([redeem(userId, spotlight().id), world.deliver(removed(item, 'reported'))]);
    const { points, earned } = await world.balanceOf(userId);
    // Spent first: 10 left, and the reversal takes only those; reversed first: 35 left, too few for 50.
    expect(points).toBe(redemption.status === 'fulfilled' ? 0 : 35);
    expect(earned).toBe(35);
  });

  it('refuses an unknown reward and an anonymous caller, and lists only the caller’s own redemptions', async () => {
    const userId = randomUUID();
    await world.grant(userId, 100);
    expect(codesOf(await Promise.allSettled([redeem(userId, randomUUID())]))).toEqual([RewardError.NOT_FOUND]);
    expect(codesOf(await Promise.allSettled([world.sut.call(Calls.rewards.redeem, { rewardId: spotlight().id })]))).toEqual([ErrorCode.UNAUTHENTICATED]);
    expect((await world.balanceOf(userId)).points).toBe(100);
    await redeem(userId, spotlight().id);
    expect(await world.sut.call(Calls.rewards.userRewards, {}, randomUUID())).toEqual([]);
    expect(await world.sut.call(Calls.rewards.userRewards, {}, userId)).toMatchObject([{ rewardId: spotlight().id, pointsCost: 50 }]);
  });
});
