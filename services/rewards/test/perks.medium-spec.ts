import { randomUUID } from 'node:crypto';
import { Calls, DomainError, EventPayload, Events, Reward, RewardError } from '@curbside/contracts';
import { waitFor } from '@curbside/testing';
import { PerksService } from '../src/perks/perks.service';
import { HOUR, RewardsWorld, startRewardsWorld } from './rewards-world';

type PerkUsed = EventPayload<typeof Events.perkUsed>;

/** Using perks on the real PostgreSQL: once per redemption, by its owner, announced once for the services that apply it. */
describe(PerksService.name, () => {
  let world: RewardsWorld;
  let rewards: Reward[];
  const used: PerkUsed[] = [];

  beforeAll(async () => {
    world = await startRewardsWorld();
    rewards = await world.sut.call(Calls.rewards.catalogue, {});
    await world.sut.infrastructure.bus.subscribe('test-perks', Events.perkUsed.subject, async (e) => void used.push(e.payload as PerkUsed));
  });
  afterAll(() => world?.stop());

  const reward = (name: string) => rewards.find((r) => r.name === name) as Reward;
  const redeem = (userId: string, name: string) => world.sut.call(Calls.rewards.redeem, { rewardId: reward(name).id }, userId);
  const use = (userId: string, redemptionId: string, itemId?: string) => world.sut.call(Calls.rewards.usePerk, { redemptionId, ...(itemId ? { itemId } : {}) }, userId);
  const codeOf = async (promise: Promise<unknown>) => promise.then(() => 'ok', (err) => (err instanceof DomainError ? err.code : String(err)));

  it('the redeem answer carries the balance left, the same the ledger keeps', async () => {
    const userId = randomUUID();
    await world.grant(userId, 130);
    const answer = await redeem(userId, 'Spotlight Post');
    expect(answer.balance).toBe(80);
    expect((await world.balanceOf(userId)).points).toBe(80);
  });

  it('a redeemed perk is listed unused; a spotlight names a post, runs 24 hours, is announced once and cannot be used twice', async () => {
    const userId = randomUUID();
    await world.grant(userId, 50);
    const { redemptionId } = await redeem(userId, 'Spotlight Post');
    expect(await world.sut.call(Calls.rewards.perks, {}, userId)).toEqual([
      { redemptionId, perk: 'spotlight', name: 'Spotlight Post', redeemedAt: expect.any(String), usedAt: null, itemId: null, activeUntil: null },
    ]);
    expect(await codeOf(use(userId, redemptionId))).toBe(RewardError.PERK_ITEM);
    const itemId = randomUUID();
    const answer = await use(userId, redemptionId, itemId);
    const until = new Date(answer.perk.activeUntil as string).getTime();
    expect(until - new Date(answer.perk.usedAt as string).getTime()).toBe(24 * HOUR);
    expect(answer.message).toBe('Your post is in the spotlight for 24 hours: first in nearby feeds and on the map.');
    await waitFor(async () => used.some((e) => e.redemptionId === redemptionId), { what: 'perk.used relayed' });
    expect(used.filter((e) => e.redemptionId === redemptionId)).toEqual([
      { redemptionId, userId, perk: 'spotlight', itemId, usedAt: answer.perk.usedAt, endsAt: answer.perk.activeUntil },
    ]);
    // Still listed while it runs (not as unused), then refused a second use.
    expect((await world.sut.call(Calls.rewards.perks, {}, userId))[0]).toMatchObject({ itemId, activeUntil: answer.perk.activeUntil });
    expect(await codeOf(use(userId, redemptionId, randomUUID()))).toBe(RewardError.PERK_USED);
  });

  it('ten uses of one perk at once: one succeeds, nine are refused, one event', async () => {
    const userId = randomUUID();
    await world.grant(userId, 75);
    const { redemptionId } = await redeem(userId, 'Extra Reservation Time');
    const codes = await Promise.all(Array.from({ length: 10 }, () => codeOf(use(userId, redemptionId))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === RewardError.PERK_USED)).toHaveLength(9);
    await waitFor(async () => used.some((e) => e.redemptionId === redemptionId), { what: 'perk.used relayed' });
    expect(used.filter((e) => e.redemptionId === redemptionId)).toHaveLength(1);
    expect(await world.sut.call(Calls.rewards.perks, {}, userId)).toEqual([]);
  });

  it("nobody uses another member's perk; a frame or an extra hold takes no post; merchandise is no perk", async () => {
    const owner = randomUUID();
    await world.grant(owner, 1000);
    const frame = await redeem(owner, 'Profile Frame');
    expect(await codeOf(use(randomUUID(), frame.redemptionId))).toBe(RewardError.PERK_NOT_FOUND);
    expect(await codeOf(use(owner, frame.redemptionId, randomUUID()))).toBe(RewardError.PERK_ITEM);
    const stickers = await redeem(owner, 'Curbside Sticker Pack');
    expect(await codeOf(use(owner, stickers.redemptionId))).toBe(RewardError.PERK_NOT_FOUND);
    expect((await use(owner, frame.redemptionId)).perk).toMatchObject({ perk: 'profile_frame', activeUntil: null });
  });
});
