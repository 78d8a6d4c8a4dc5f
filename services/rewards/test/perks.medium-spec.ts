import { randomUUID } from 'node:crypto';
import { Calls, DomainError, EventPayload, Events, ItemError, Reward, RewardError } from '@curbside/contracts';
import { InMemoryRpcClient, RpcCaller } from '@curbside/platform';
import { waitFor } from '@curbside/testing';
import { PerksService } from '../src/perks/perks.service';
import { HOUR, RewardsWorld, startRewardsWorld } from './rewards-world';

type PerkUsed = EventPayload<typeof Events.perkUsed>;

/** Using perks on the real PostgreSQL: once per redemption, by its owner, announced once for the services that apply it. */
describe(PerksService.name, () => {
  let world: RewardsWorld;
  let rewards: Reward[];
  const used: PerkUsed[] = [];
  /** The items service's side of a spotlight, as a stand-in: posts it refuses, and the spotlights it started. */
  const unavailable = new Set<string>();
  const started: { itemId: string; redemptionId: string }[] = [];

  beforeAll(async () => {
    world = await startRewardsWorld();
    rewards = await world.sut.call(Calls.rewards.catalogue, {});
    await world.sut.infrastructure.bus.subscribe('test-perks', Events.perkUsed.subject, async (e) => void used.push(e.payload as PerkUsed));
    world.sut.infrastructure.rpcBroker.register(Calls.items.startSpotlight.subject, (data, respond) => {
      const body = (data as { body: { itemId: string; redemptionId: string; startedAt: string; endsAt: string } }).body;
      if (unavailable.has(body.itemId)) {
        respond({ err: { code: ItemError.NOT_AVAILABLE, message: 'Only an available post can be spotlighted' }, isDisposed: true });
        return;
      }
      started.push({ itemId: body.itemId, redemptionId: body.redemptionId });
      respond({ response: { itemId: body.itemId, startedAt: body.startedAt, endsAt: body.endsAt }, isDisposed: true });
    });
  });
  afterAll(() => world?.stop());

  const reward = (name: string) => rewards.find((r) => r.name === name) as Reward;
  const redeem = (userId: string, name: string) => world.sut.call(Calls.rewards.redeem, { rewardId: reward(name).id }, userId);
  const use = (userId: string, redemptionId: string, itemId?: string) =>
    world.sut.call(Calls.rewards.usePerk, { redemptionId, ...(itemId ? { itemId } : {}) }, userId);
  const codeOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (err) => (err instanceof DomainError ? err.code : String(err)),
    );

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

  it('a spotlight items refuses leaves the perk unused; the next try on a post that qualifies spends it', async () => {
    const userId = randomUUID();
    await world.grant(userId, 50);
    const { redemptionId } = await redeem(userId, 'Spotlight Post');
    const taken = randomUUID();
    unavailable.add(taken);
    expect(await codeOf(use(userId, redemptionId, taken))).toBe(ItemError.NOT_AVAILABLE);
    expect((await world.sut.call(Calls.rewards.perks, {}, userId))[0]).toMatchObject({ redemptionId, usedAt: null });
    const itemId = randomUUID();
    expect((await use(userId, redemptionId, itemId)).perk).toMatchObject({ itemId, usedAt: expect.any(String) });
    expect(started.filter((s) => s.redemptionId === redemptionId)).toEqual([{ itemId, redemptionId }]);
  });

  it('ten uses of one spotlight at once, each on another post: one is spent, on one post, and items is asked once', async () => {
    const userId = randomUUID();
    await world.grant(userId, 50);
    const { redemptionId } = await redeem(userId, 'Spotlight Post');
    const codes = await Promise.all(Array.from({ length: 10 }, () => codeOf(use(userId, redemptionId, randomUUID()))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === RewardError.PERK_USED)).toHaveLength(9);
    expect(started.filter((s) => s.redemptionId === redemptionId)).toHaveLength(1);
  });

  it('a use repeated with its Idempotency-Key replays the first answer instead of refusing it as used', async () => {
    const userId = randomUUID();
    await world.grant(userId, 75);
    const { redemptionId } = await redeem(userId, 'Extra Reservation Time');
    const caller = new RpcCaller(new InMemoryRpcClient(world.sut.infrastructure.rpcBroker), 30_000, 'gateway');
    const keyed = () => caller.call(Calls.rewards.usePerk, { redemptionId }, userId, { idempotencyKey: 'use-once-1' });
    const first = await keyed();
    expect(await keyed()).toEqual(first);
    expect(await codeOf(use(userId, redemptionId))).toBe(RewardError.PERK_USED);
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
    const address = { name: 'Ada Lovelace', line1: '12 Elm Street', city: 'Minneapolis', postalCode: '55401', country: 'United States' };
    const stickers = await world.sut.call(Calls.rewards.redeem, { rewardId: reward('Curbside Sticker Pack').id, address }, owner);
    expect(await codeOf(use(owner, stickers.redemptionId))).toBe(RewardError.PERK_NOT_FOUND);
    expect((await use(owner, frame.redemptionId)).perk).toMatchObject({ perk: 'profile_frame', activeUntil: null });
  });
});
