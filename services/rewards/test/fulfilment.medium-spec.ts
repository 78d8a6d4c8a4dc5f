import { randomUUID } from 'node:crypto';
import { Calls, DomainError, EventPayload, Events, PostalAddress, Reward, RewardError, UserReward } from '@curbside/contracts';
import { waitFor } from '@curbside/testing';
import { EraseDeliveryDetailsScheduler } from '../src/fulfilment/erase-delivery-details.scheduler';
import { FulfilmentService } from '../src/fulfilment/fulfilment.service';
import { RewardsWorld, startRewardsWorld } from './rewards-world';

type Decided = EventPayload<typeof Events.redemptionDecided>;

const ADDRESS: PostalAddress = {
  name: 'Ada Lovelace',
  line1: '12 Elm Street',
  city: 'Minneapolis',
  region: 'MN',
  postalCode: '55401',
  country: 'United States',
};
const DAY = 24 * 3600_000;

/**
 * Fulfilment on the real PostgreSQL (docs/product-rules.md, "Fulfilment"): what delivery needs at redemption, the
 * status of each redemption, administrators' decisions (one wins when two come at once; points back exactly once),
 * and delivery details erased 30 days after the redemption closes.
 */
describe(FulfilmentService.name, () => {
  let world: RewardsWorld;
  let rewards: Reward[];
  const admins = new Set<string>();
  /** The users service's side, as stand-ins: who is an administrator, and members' confirmed alert e-mail. */
  const emails = new Map<string, { address: string; confirmed: boolean }>();
  const decided: Decided[] = [];

  beforeAll(async () => {
    world = await startRewardsWorld();
    rewards = await world.sut.call(Calls.rewards.catalogue, {});
    await world.get(EraseDeliveryDetailsScheduler).onModuleDestroy();
    const { rpcBroker, bus } = world.sut.infrastructure;
    rpcBroker.register(Calls.users.adminStatus.subject, (data, respond) => {
      const callerId = (data as { meta: { callerId?: string } }).meta.callerId ?? '';
      respond({ response: { isAdmin: admins.has(callerId), isModerator: false }, isDisposed: true });
    });
    rpcBroker.register(Calls.users.get.subject, (data, respond) => {
      const { userId } = (data as { body: { userId: string } }).body;
      respond({ response: { id: userId, alertEmail: emails.get(userId) ?? null }, isDisposed: true });
    });
    await bus.subscribe('test-decided', Events.redemptionDecided.subject, async (e) => void decided.push(e.payload as Decided));
  });
  afterAll(() => world?.stop());

  const reward = (name: string) => rewards.find((r) => r.name === name) as Reward;
  const redeem = (userId: string, name: string, address?: PostalAddress) =>
    world.sut.call(Calls.rewards.redeem, { rewardId: reward(name).id, ...(address ? { address } : {}) }, userId);
  const mine = (userId: string) => world.sut.call(Calls.rewards.userRewards, {}, userId);
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (err) => (err instanceof DomainError ? err.code : String(err)),
    );
  const admin = () => {
    const id = randomUUID();
    admins.add(id);
    return id;
  };
  const member = async (points: number) => {
    const id = randomUUID();
    await world.grant(id, points);
    return id;
  };

  it('the catalogue says what delivery needs, and each donation its total in its partner’s unit', () => {
    expect(rewards.map((r) => [r.name, r.delivery])).toEqual(
      expect.arrayContaining([
        ['Curbside Sticker Pack', 'postal'],
        ['Curbside Tote Bag', 'postal'],
        ['$5 Virtual Gift Card', 'email'],
        ['Spotlight Post', 'none'],
        ['Plant a Tree', 'none'],
      ]),
    );
    expect(reward('Plant a Tree').donated).toEqual({ count: 0, text: '0 trees planted by neighbours' });
    expect(reward('Spotlight Post').donated).toBeUndefined();
  });

  it('goods sent by post take the address (and nothing else does); the member sees it, with the status requested', async () => {
    const userId = await member(2000);
    expect(await codeOf(redeem(userId, 'Curbside Tote Bag'))).toBe(RewardError.ADDRESS_REQUIRED);
    expect(await codeOf(redeem(userId, 'Spotlight Post', ADDRESS))).toBe(RewardError.DELIVERY_NOT_TAKEN);
    expect((await world.balanceOf(userId)).points).toBe(2000);
    const { redemptionId } = await redeem(userId, 'Curbside Tote Bag', ADDRESS);
    const perk = await redeem(userId, 'Spotlight Post');
    const list = await mine(userId);
    expect(list.find((r) => r.id === redemptionId)).toMatchObject({
      rewardName: 'Curbside Tote Bag',
      status: 'requested',
      closedAt: null,
      delivery: { kind: 'postal', address: ADDRESS },
    });
    // A perk needs no hand: fulfilled when redeemed.
    expect(list.find((r) => r.id === perk.redemptionId)).toMatchObject({ status: 'fulfilled', closedAt: expect.any(String), delivery: null });
    expect(await mine(randomUUID())).toEqual([]);
  });

  it('the gift card goes to the confirmed e-mail, taken at redemption; without one it is refused and nothing is spent', async () => {
    const userId = await member(600);
    emails.set(userId, { address: 'ada@example.org', confirmed: false });
    const refused = await redeem(userId, '$5 Virtual Gift Card').catch((err: DomainError) => err);
    expect(refused).toMatchObject({ code: RewardError.EMAIL_REQUIRED, message: expect.stringContaining('Notification Settings') });
    expect((await world.balanceOf(userId)).points).toBe(600);
    emails.set(userId, { address: 'ada@example.org', confirmed: true });
    const { redemptionId } = await redeem(userId, '$5 Virtual Gift Card');
    expect((await mine(userId)).find((r) => r.id === redemptionId)?.delivery).toEqual({ kind: 'email', email: 'ada@example.org' });
  });

  it('only administrators list and decide; the open list shows what delivery needs', async () => {
    const userId = await member(700);
    const { redemptionId } = await redeem(userId, 'Curbside Tote Bag', ADDRESS);
    expect(await codeOf(world.sut.call(Calls.rewards.fulfilment, {}, userId))).toBe(RewardError.NOT_ADMIN);
    expect(await codeOf(world.sut.call(Calls.rewards.fulfil, { redemptionId }, userId))).toBe(RewardError.NOT_ADMIN);
    expect(await codeOf(world.sut.call(Calls.rewards.fulfilment, {}))).toBe(RewardError.NOT_ADMIN);
    const open = await world.sut.call(Calls.rewards.fulfilment, {}, admin());
    expect(open.find((r) => r.id === redemptionId)).toMatchObject({
      memberId: userId,
      rewardName: 'Curbside Tote Bag',
      delivery: { kind: 'postal', address: ADDRESS },
    });
    expect(open.every((r) => r.category === 'merchandise')).toBe(true);
  });

  it('a fulfilment closes it once and tells the member; a second decision is refused', async () => {
    const userId = await member(200);
    const { redemptionId } = await redeem(userId, 'Curbside Sticker Pack', ADDRESS);
    const by = admin();
    expect(await world.sut.call(Calls.rewards.fulfil, { redemptionId }, by)).toEqual({ id: redemptionId, status: 'fulfilled', pointsReturned: 0 });
    expect(await codeOf(world.sut.call(Calls.rewards.cancelRedemption, { redemptionId, reason: 'Out of stock' }, by))).toBe(RewardError.REDEMPTION_CLOSED);
    expect(await codeOf(world.sut.call(Calls.rewards.fulfil, { redemptionId: randomUUID() }, by))).toBe(RewardError.REDEMPTION_NOT_FOUND);
    expect((await mine(userId))[0]).toMatchObject({ status: 'fulfilled', closedAt: expect.any(String), delivery: { kind: 'postal' } });
    expect((await world.sut.call(Calls.rewards.fulfilment, {}, by)).some((r) => r.id === redemptionId)).toBe(false);
    await waitFor(async () => decided.some((d) => d.redemptionId === redemptionId), { what: 'redemption.decided relayed' });
    expect(decided.filter((d) => d.redemptionId === redemptionId)).toEqual([
      expect.objectContaining({ userId, status: 'fulfilled', rewardName: 'Curbside Sticker Pack', pointsReturned: 0 }),
    ]);
  });

  it('ten cancellations at once: one wins, the points come back exactly once, the limit frees up', async () => {
    const userId = await member(600);
    const { redemptionId } = await redeem(userId, 'Curbside Tote Bag', ADDRESS);
    expect((await world.balanceOf(userId)).points).toBe(0);
    const by = admin();
    const codes = await Promise.all(
      Array.from({ length: 10 }, () => codeOf(world.sut.call(Calls.rewards.cancelRedemption, { redemptionId, reason: 'Out of stock' }, by))),
    );
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === RewardError.REDEMPTION_CLOSED)).toHaveLength(9);
    expect(await world.balanceOf(userId)).toMatchObject({ points: 600, earned: 600 });
    const [entries] = await world.db.query(
      `SELECT count(*)::int AS n FROM rewards.ledger_entries WHERE source_event_id = $1 AND reason = 'redemption_refund'`,
      [redemptionId],
    );
    expect(entries.n).toBe(1);
    expect((await mine(userId))[0]).toMatchObject<Partial<UserReward>>({ status: 'cancelled', cancelReason: 'Out of stock' });
    // The tote bag's limit is one: the cancelled one does not count.
    expect((await redeem(userId, 'Curbside Tote Bag', ADDRESS)).balance).toBe(0);
    await waitFor(async () => decided.some((d) => d.redemptionId === redemptionId), { what: 'redemption.decided relayed' });
    expect(decided.filter((d) => d.redemptionId === redemptionId)).toEqual([
      expect.objectContaining({ status: 'cancelled', reason: 'Out of stock', pointsReturned: 600 }),
    ]);
  });

  it('a cancellation that pays points owed first says so: only the rest comes back to spend', async () => {
    const userId = await member(600);
    const { redemptionId } = await redeem(userId, 'Curbside Tote Bag', ADDRESS);
    // A withdrawn post's reversal found its 250 points spent: owed, paid first out of the next credit.
    await world.db.query(`UPDATE rewards.balances SET owed = 250 WHERE user_id = $1`, [userId]);
    expect(await world.sut.call(Calls.rewards.cancelRedemption, { redemptionId, reason: 'Out of stock' }, admin())).toEqual({
      id: redemptionId,
      status: 'cancelled',
      pointsReturned: 350,
    });
    expect((await world.balanceOf(userId)).points).toBe(350);
    await waitFor(async () => decided.some((d) => d.redemptionId === redemptionId), { what: 'redemption.decided relayed' });
    expect(decided.find((d) => d.redemptionId === redemptionId)).toMatchObject({ pointsReturned: 350, pointsToOwed: 250 });
  });

  it('a cancellation and a fulfilment at once: exactly one wins, and the points come back only if it was the cancellation', async () => {
    for (let round = 0; round < 5; round++) {
      const userId = await member(150);
      const { redemptionId } = await redeem(userId, 'Curbside Sticker Pack', ADDRESS);
      const by = admin();
      const [cancel, fulfil] = await Promise.all([
        codeOf(world.sut.call(Calls.rewards.cancelRedemption, { redemptionId, reason: 'Changed my mind' }, by)),
        codeOf(world.sut.call(Calls.rewards.fulfil, { redemptionId }, by)),
      ]);
      expect([cancel, fulfil].filter((c) => c === 'ok')).toHaveLength(1);
      expect((await world.balanceOf(userId)).points).toBe(cancel === 'ok' ? 150 : 0);
      expect((await mine(userId))[0].status).toBe(cancel === 'ok' ? 'cancelled' : 'fulfilled');
    }
  });

  it('perks and donations cannot be cancelled (they were delivered); each donation counts toward its partner’s total', async () => {
    const userId = await member(300);
    const before = (await world.sut.call(Calls.rewards.catalogue, {})).find((r) => r.name === 'Plant a Tree')?.donated?.count ?? 0;
    const tree = await redeem(userId, 'Plant a Tree');
    await redeem(userId, 'Plant a Tree');
    expect(await codeOf(world.sut.call(Calls.rewards.cancelRedemption, { redemptionId: tree.redemptionId, reason: 'x' }, admin()))).toBe(
      RewardError.REDEMPTION_CLOSED,
    );
    const after = (await world.sut.call(Calls.rewards.catalogue, {})).find((r) => r.name === 'Plant a Tree')?.donated;
    expect(after).toEqual({ count: before + 2, text: `${before + 2} trees planted by neighbours` });
  });

  it('ten members giving a meal at once: the total grows by exactly ten', async () => {
    const before = (await world.sut.call(Calls.rewards.catalogue, {})).find((r) => r.name === 'Donate a Meal')?.donated?.count ?? 0;
    const givers = await Promise.all(Array.from({ length: 10 }, () => member(75)));
    await Promise.all(givers.map((userId) => redeem(userId, 'Donate a Meal')));
    const after = (await world.sut.call(Calls.rewards.catalogue, {})).find((r) => r.name === 'Donate a Meal')?.donated;
    expect(after).toEqual({ count: before + 10, text: `${before + 10} meals given by neighbours` });
  });

  it('erases the address and e-mail 30 days after the redemption closed, not before, and never an open one', async () => {
    const userId = await member(1000);
    emails.set(userId, { address: 'grace@example.org', confirmed: true });
    const old = await redeem(userId, 'Curbside Sticker Pack', ADDRESS);
    const recent = await redeem(userId, 'Curbside Sticker Pack', ADDRESS);
    const open = await redeem(userId, '$5 Virtual Gift Card');
    const by = admin();
    await world.sut.call(Calls.rewards.fulfil, { redemptionId: old.redemptionId }, by);
    await world.sut.call(Calls.rewards.cancelRedemption, { redemptionId: recent.redemptionId, reason: 'Duplicate' }, by);
    await world.db.query(`UPDATE rewards.redemptions SET closed_at = now() - interval '31 days' WHERE id = $1`, [old.redemptionId]);
    await world.db.query(`UPDATE rewards.redemptions SET closed_at = now() - interval '29 days' WHERE id = $1`, [recent.redemptionId]);
    await world.db.query(`UPDATE rewards.redemptions SET created_at = now() - interval '60 days' WHERE id = $1`, [open.redemptionId]);

    const sweep = world.get(EraseDeliveryDetailsScheduler);
    expect(await sweep.sweep()).toBe(1);
    const byId = new Map((await mine(userId)).map((r) => [r.id, r]));
    expect(byId.get(old.redemptionId)).toMatchObject({ status: 'fulfilled', delivery: null });
    expect(byId.get(recent.redemptionId)?.delivery).toEqual({ kind: 'postal', address: ADDRESS });
    expect(byId.get(open.redemptionId)?.delivery).toEqual({ kind: 'email', email: 'grace@example.org' });
    // Two days later the cancelled one is past its 30 days too.
    expect(await sweep.sweep(new Date(Date.now() + 2 * DAY))).toBe(1);
    expect((await mine(userId)).find((r) => r.id === recent.redemptionId)?.delivery).toBeNull();
    expect(
      await world.db.query(`SELECT 1 FROM rewards.redemption_deliveries WHERE redemption_id = ANY ($1)`, [[old.redemptionId, recent.redemptionId]]),
    ).toEqual([]);
  });
});
