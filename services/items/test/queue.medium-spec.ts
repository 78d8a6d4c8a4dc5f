import { randomUUID } from 'node:crypto';
import { ClaimError, Events, Item, ItemError } from '@curbside/contracts';
import { BlocksRepository } from '../src/blocks/blocks.repository';
import { ClaimsService } from '../src/claims/claims.service';
import { ExpiryScheduler } from '../src/expiry/expiry.scheduler';
import { ItemsService } from '../src/items/items.service';
import { QUEUE_MAX, QUEUES_PER_MEMBER, QueueService } from '../src/queue/queue.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

interface HandOver {
  itemId: string;
  previousHolderId: string;
  reason: string;
  holderId: string | null;
  skippedUserIds: string[];
}

/**
 * The queue behind a hold on the real PostgreSQL (docs/product-rules.md, "Queue"): who may join, who sees what,
 * 50 members joining at once, and the hand-over to the next member when a hold is released or lapses in the
 * expiry sweep, in the transaction that ended it, also while the holder claims.
 */
describe(QueueService.name, () => {
  let world: ItemsWorld;
  let sut: QueueService;
  let claims: ClaimsService;
  let expiry: ExpiryScheduler;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(QueueService);
    claims = world.get(ClaimsService);
    expiry = world.get(ExpiryScheduler);
    await world.passEveryPhoto();
  });
  afterAll(() => world?.stop());

  const handOvers = async (itemId: string) => (await world.emitted<HandOver>(Events.itemHoldHandedOver.subject)).filter((e) => e.itemId === itemId);
  const row = async (itemId: string) =>
    (
      (await world.db.query(
        `SELECT status, reserved_by_id, claimed_by_id, reserved_until > now() + interval '29 minutes' AS fresh FROM items.items WHERE id = $1`,
        [itemId],
      )) as Record<string, unknown>[]
    )[0];
  /** A held item: posted, and reserved by a member. */
  const held = async () => {
    const poster = await world.member();
    const holder = await world.member();
    const item = await world.post(poster);
    await claims.claim(item.id, holder, null);
    return { poster, holder, itemId: item.id };
  };
  const lapse = (itemId: string) => world.db.query(`UPDATE items.items SET reserved_until = now() - interval '1 minute' WHERE id = $1`, [itemId]);

  it('lets members line up only behind a hold, never on their own item or twice', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const anna = await world.member();
    expect(await refusal(sut.join(item.id, anna))).toBe(ItemError.NOT_HELD);
    await claims.claim(item.id, anna, null);
    expect(await refusal(sut.join(item.id, poster))).toBe(ItemError.OWN_ITEM);
    expect(await refusal(sut.join(item.id, anna))).toBe(ItemError.ALREADY_QUEUED);
    const ben = await world.member();
    expect((await sut.join(item.id, ben)).queue).toEqual({ length: 1, position: 1, members: null, holderReliability: null });
    expect(await refusal(sut.join(item.id, ben))).toBe(ItemError.ALREADY_QUEUED);
    expect(await refusal(sut.join(randomUUID(), ben))).toBe(ItemError.NOT_FOUND);
  });

  it('shows the poster every member by public name in order, and anyone else only their place and the length', async () => {
    const { poster, itemId } = await held();
    const [cat, dan] = [await world.member({ username: 'Cat M.' }), await world.member({ username: 'Dan K.' })];
    await sut.join(itemId, cat);
    await sut.join(itemId, dan);
    const posterView = await sut.view(itemId, poster);
    expect(posterView.members?.map((m) => [m.publicName, m.position])).toEqual([
      ['Cat M.', 1],
      ['Dan K.', 2],
    ]);
    expect(await sut.view(itemId, dan)).toEqual({ length: 2, position: 2, members: null, holderReliability: null });
    expect(await sut.view(itemId, undefined)).toEqual({ length: 2, position: null, members: null, holderReliability: null });
    await sut.leave(itemId, cat);
    expect(await sut.view(itemId, dan)).toEqual({ length: 1, position: 1, members: null, holderReliability: null });
    expect(await refusal(sut.leave(itemId, cat))).toBe(ItemError.NOT_QUEUED);
  });

  it('takes exactly 20 of 50 members joining one queue at once, each at a place of their own', async () => {
    const { poster, itemId } = await held();
    const members = await Promise.all(Array.from({ length: 50 }, () => world.member()));
    const results = await Promise.allSettled(members.map((m) => sut.join(itemId, m)));
    const joined = results.filter((r) => r.status === 'fulfilled');
    expect(joined).toHaveLength(QUEUE_MAX);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code: string }).code);
    expect(new Set(refused)).toEqual(new Set([ItemError.QUEUE_FULL]));
    const places = (await sut.view(itemId, poster)).members!.map((m) => m.position);
    expect(places).toEqual(Array.from({ length: QUEUE_MAX }, (_, i) => i + 1));
    const [{ n }] = await world.db.query(`SELECT count(DISTINCT position)::int AS n FROM items.item_queue WHERE item_id = $1`, [itemId]);
    expect(n).toBe(QUEUE_MAX);
  });

  it('keeps a member to 5 queues, also when they join six at once', async () => {
    const items = await Promise.all(Array.from({ length: QUEUES_PER_MEMBER + 1 }, () => held()));
    const eve = await world.member();
    const results = await Promise.allSettled(items.map((i) => sut.join(i.itemId, eve)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(QUEUES_PER_MEMBER);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: ItemError.QUEUE_LIMIT });
  });

  it('hands a released hold to the next member at once, and only the holder may release it', async () => {
    const { holder, itemId } = await held();
    const [first, second] = [await world.member(), await world.member()];
    await sut.join(itemId, first);
    await sut.join(itemId, second);
    expect(await refusal(sut.releaseHold(itemId, second))).toBe(ClaimError.NOT_HOLDER);
    await sut.releaseHold(itemId, holder);
    expect(await row(itemId)).toEqual({ status: 'first_dibs', reserved_by_id: first, claimed_by_id: null, fresh: true });
    expect(await handOvers(itemId)).toEqual([expect.objectContaining({ previousHolderId: holder, reason: 'released', holderId: first, skippedUserIds: [] })]);
    expect(await sut.view(itemId, second)).toEqual({ length: 1, position: 1, members: null, holderReliability: null });
    expect(await refusal(sut.releaseHold(itemId, holder))).toBe(ClaimError.NOT_HOLDER);
  });

  it('hands a lapsed hold to the next member in the sweep, passing over a member at their hold limit', async () => {
    const { holder, itemId } = await held();
    const busy = await world.member();
    const other = await held();
    await sut.join(other.itemId, busy);
    await sut.releaseHold(other.itemId, other.holder); // busy now holds an item: an unverified member's one hold
    const next = await world.member();
    await sut.join(itemId, busy);
    await sut.join(itemId, next);
    await lapse(itemId);

    expect((await expiry.sweep()).handedOver).toBeGreaterThanOrEqual(1);

    expect(await row(itemId)).toEqual({ status: 'first_dibs', reserved_by_id: next, claimed_by_id: null, fresh: true });
    expect(await handOvers(itemId)).toEqual([expect.objectContaining({ previousHolderId: holder, reason: 'lapsed', holderId: next, skippedUserIds: [busy] })]);
    expect((await sut.view(itemId, busy)).position).toBeNull();
  });

  it('never hands a hold to a member the poster blocked after they got in line, nor tells them', async () => {
    const { poster, holder, itemId } = await held();
    const [blocked, next] = [await world.member(), await world.member()];
    await sut.join(itemId, blocked);
    await sut.join(itemId, next);
    await world.get(BlocksRepository).keepNewer(world.db.manager, { blockerId: poster, blockedId: blocked, blocked: true, version: 1 });

    await sut.releaseHold(itemId, holder);

    expect(await row(itemId)).toEqual({ status: 'first_dibs', reserved_by_id: next, claimed_by_id: null, fresh: true });
    expect(await handOvers(itemId)).toEqual([expect.objectContaining({ holderId: next, skippedUserIds: [] })]);
    expect((await sut.view(itemId, blocked)).position).toBeNull();
  });

  it('leaves a lapsed hold with nobody in line available, with no hand-over', async () => {
    const { itemId } = await held();
    await lapse(itemId);
    await expiry.sweep();
    expect(await row(itemId)).toMatchObject({ status: 'available', reserved_by_id: null });
    expect(await handOvers(itemId)).toEqual([]);
  });

  it('gives one outcome when a hold lapses while its holder claims it: the claim, or the next member holds it', async () => {
    for (let round = 0; round < 5; round++) {
      const { holder, itemId } = await held();
      const next = await world.member();
      await sut.join(itemId, next);
      const photoKey = `pickups/good-${randomUUID()}.webp`;
      const photoHash = randomUUID();
      await world.sut.infrastructure.storage.put(photoKey, Buffer.from('photo'), 'image/webp');
      await claims.validatePickup(itemId, holder, photoKey, photoHash);
      await lapse(itemId);

      const [claim] = await Promise.allSettled([claims.claim(itemId, holder, photoHash), expiry.sweep()]);

      const after = await row(itemId);
      if (claim.status === 'fulfilled') {
        expect(after).toMatchObject({ status: 'claimed', claimed_by_id: holder, reserved_by_id: null });
        expect(await handOvers(itemId)).toEqual([]);
      } else {
        expect(claim.reason).toMatchObject({ code: ItemError.NOT_AVAILABLE });
        expect(after).toMatchObject({ status: 'first_dibs', reserved_by_id: next, claimed_by_id: null });
        expect(await handOvers(itemId)).toHaveLength(1);
      }
    }
  });

  it('lets the poster of a paid item pick any member from the line: they get the hold when the current one ends', async () => {
    const poster = await world.member({ verified: true });
    const holder = await world.member();
    const item = await world.post(poster, { pricingType: 'paid', customAmount: 500 });
    await claims.claim(item.id, holder, null);
    const [first, second, third] = [
      await world.member({ username: 'First' }),
      await world.member({ username: 'Second' }),
      await world.member({ username: 'Third' }),
    ];
    for (const m of [first, second, third]) await sut.join(item.id, m);
    expect(await refusal(sut.pick(item.id, first, third))).toBe(ItemError.NOT_POSTER);
    expect(await refusal(sut.pick(item.id, poster, holder))).toBe(ItemError.PICK_NOT_IN_LINE);
    expect(await refusal(sut.pick(item.id, poster, randomUUID()))).toBe(ItemError.PICK_NOT_IN_LINE);
    const picked = await sut.pick(item.id, poster, third);
    expect(picked.queue.members?.map((m) => [m.publicName, m.position])).toEqual([
      ['Third', 1],
      ['First', 2],
      ['Second', 3],
    ]);
    expect(await row(item.id)).toMatchObject({ status: 'first_dibs', reserved_by_id: holder }); // one holder at a time
    await sut.releaseHold(item.id, holder);
    expect(await row(item.id)).toEqual({ status: 'first_dibs', reserved_by_id: third, claimed_by_id: null, fresh: true });
    expect(await handOvers(item.id)).toEqual([expect.objectContaining({ previousHolderId: holder, reason: 'released', holderId: third, skippedUserIds: [] })]);
    expect((await sut.view(item.id, poster)).members?.map((m) => m.userId)).toEqual([first, second]);
  });

  it('refuses a pick on a free curb item, and of a member at their hold limit or suspended for no-shows', async () => {
    const curb = await held();
    const member = await world.member();
    await sut.join(curb.itemId, member);
    expect(await refusal(sut.pick(curb.itemId, curb.poster, member))).toBe(ItemError.PICK_NOT_ALLOWED);

    const poster = await world.member({ verified: true });
    const sale = await world.post(poster, { pricingType: 'paid', customAmount: 300 });
    await claims.claim(sale.id, await world.member(), null);
    const busy = await world.member();
    await claims.claim((await world.post(await world.member())).id, busy, null); // an unverified member's one hold
    const suspended = await world.member();
    for (const daysAgo of [1, 2, 3]) {
      await world.db.query(
        `INSERT INTO items.holds (item_id, user_id, started_at, ended_at, outcome) VALUES ($1, $2, now() - make_interval(days => $3), now() - make_interval(days => $3), 'lapsed')`,
        [randomUUID(), suspended, daysAgo],
      );
    }
    await sut.join(sale.id, busy);
    await sut.join(sale.id, suspended);
    expect(await refusal(sut.pick(sale.id, poster, busy))).toBe(ItemError.PICK_AT_HOLD_LIMIT);
    expect(await refusal(sut.pick(sale.id, poster, suspended))).toBe(ItemError.PICK_SUSPENDED);
    expect((await sut.view(sale.id, poster)).members?.map((m) => m.userId)).toEqual([busy, suspended]);
  });

  it('shows "N in line" and the caller\'s place on the item', async () => {
    const { poster, itemId } = await held();
    const [a, b] = [await world.member(), await world.member()];
    await sut.join(itemId, a);
    await sut.join(itemId, b);
    const items = world.get(ItemsService);
    expect(await items.get(itemId, b)).toMatchObject({ queueLength: 2, queuePosition: 2 });
    expect(await items.get(itemId, poster)).toMatchObject({ queueLength: 2, queuePosition: null });
    // The feed's rows say the same, each reader their own place.
    const inFeed = async (caller: string) =>
      (JSON.parse((await items.feed({ lat: 47.6062, lng: -122.3321, radius: 5, limit: 50, kind: 'all' }, caller)).itemsJson) as Item[]).find(
        (item) => item.id === itemId,
      );
    expect(await inFeed(a)).toMatchObject({ queueLength: 2, queuePosition: 1 });
    expect(await inFeed(b)).toMatchObject({ queueLength: 2, queuePosition: 2 });
    expect(await inFeed(poster)).toMatchObject({ queueLength: 2, queuePosition: null });
  });
});
