import { randomUUID } from 'node:crypto';
import { ClaimError, Events } from '@curbside/contracts';
import { waitFor } from '@curbside/testing';
import { ClaimsService, dailyHoldsMessage } from '../src/claims/claims.service';
import { ExpiryScheduler } from '../src/expiry/expiry.scheduler';
import { QueueService } from '../src/queue/queue.service';
import { ItemsWorld, REFUSED_PHOTO_PREFIX, refusal, startItemsWorld, UNCHECKABLE_PHOTO_PREFIX } from './items-world';

/**
 * No-shows and reliability on the real PostgreSQL (docs/product-rules.md, "No-shows"): a lapsed hold is a no-show,
 * a release in its first 10 minutes does not count at all, reliability is pickups / holds over 90 days (hidden
 * under 3), and three no-shows within 28 days stop new holds for 7 days, also from a queue. And "Holds a day": at
 * most 10 holds started in any 24 hours.
 */
describe('no-shows', () => {
  let world: ItemsWorld;
  let claims: ClaimsService;
  let queue: QueueService;
  let expiry: ExpiryScheduler;

  beforeAll(async () => {
    world = await startItemsWorld();
    claims = world.get(ClaimsService);
    queue = world.get(QueueService);
    expiry = world.get(ExpiryScheduler);
    await world.passEveryPhoto();
  });
  afterAll(() => world?.stop());

  const outcomes = async (userId: string) =>
    ((await world.db.query(`SELECT outcome FROM items.holds WHERE user_id = $1 ORDER BY id`, [userId])) as { outcome: string | null }[]).map((r) => r.outcome);
  const past = (userId: string, outcome: string, daysAgo: number) =>
    world.db.query(
      `INSERT INTO items.holds (item_id, user_id, started_at, ended_at, outcome) VALUES ($1, $2, now() - make_interval(days => $3), now() - make_interval(days => $3), $4)`,
      [randomUUID(), userId, daysAgo, outcome],
    );
  const pickUp = async (itemId: string, userId: string) => {
    const photoHash = randomUUID();
    const photoKey = `pickups/good-${randomUUID()}.webp`;
    await world.sut.infrastructure.storage.put(photoKey, Buffer.from('photo'), 'image/webp');
    await claims.validatePickup(itemId, userId, photoKey, photoHash);
    await claims.claim(itemId, userId, photoHash);
  };

  it('records a lapse as a no-show, a release after 10 minutes as a release, an early one as not counting, a pickup as one', async () => {
    const poster = await world.member();
    const member = await world.member({ verified: true });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => world.post(poster)));
    await claims.claim(a.id, member, null);
    await world.db.query(`UPDATE items.items SET reserved_until = now() - interval '1 second' WHERE id = $1`, [a.id]);
    await expiry.sweep();
    await claims.claim(b.id, member, null);
    await queue.releaseHold(b.id, member);
    await claims.claim(c.id, member, null);
    await world.db.query(`UPDATE items.holds SET started_at = now() - interval '11 minutes' WHERE item_id = $1`, [c.id]);
    await queue.releaseHold(c.id, member);
    await claims.claim(d.id, member, null);
    await pickUp(d.id, member);
    expect(await outcomes(member)).toEqual(['lapsed', 'released_early', 'released', 'picked_up']);
  });

  it('does not count as a no-show a lapse after the pickup photo could not be checked; a refused photo changes nothing', async () => {
    const poster = await world.member();
    const member = await world.member({ verified: true });
    const [unchecked, refused] = await Promise.all([1, 2].map(() => world.post(poster)));
    const lapse = async (itemId: string) => {
      await world.db.query(`UPDATE items.items SET reserved_until = now() - interval '1 second' WHERE id = $1`, [itemId]);
      await expiry.sweep();
    };
    const check = async (itemId: string, prefix: string) => {
      const photoKey = `${prefix}${randomUUID()}.webp`;
      await world.sut.infrastructure.storage.put(photoKey, Buffer.from('photo'), 'image/webp');
      return claims.validatePickup(itemId, member, photoKey, randomUUID());
    };
    await claims.claim(unchecked.id, member, null);
    expect(await check(unchecked.id, UNCHECKABLE_PHOTO_PREFIX)).toMatchObject({ isValid: false, reason: 'Validation service error' });
    await lapse(unchecked.id);
    await claims.claim(refused.id, member, null);
    expect(await check(refused.id, REFUSED_PHOTO_PREFIX)).toMatchObject({ isValid: false });
    await lapse(refused.id);

    expect(await outcomes(member)).toEqual(['check_failed', 'lapsed']);
    // Neither a hold in the member's reliability nor a no-show towards a suspension.
    const [{ counted }] = await world.db.query(
      `SELECT count(*)::int AS counted FROM items.holds WHERE user_id = $1 AND outcome IN ('picked_up', 'lapsed', 'released')`,
      [member],
    );
    expect(counted).toBe(1);
  });

  it('ends the holds of a member the poster blocks as nobody’s fault, and hands each to the next in line', async () => {
    const poster = await world.member();
    const [member, next] = [await world.member({ verified: true }), await world.member()];
    const items = [await world.post(poster), await world.post(poster)];
    const elsewhere = await world.post(await world.member());
    for (const item of [...items, elsewhere]) await claims.claim(item.id, member, null);
    await queue.join(items[0].id, next);
    const blockId = randomUUID();
    await world.sut.infrastructure.bus.publish({
      id: blockId,
      subject: Events.blockChanged.subject,
      occurredAt: new Date().toISOString(),
      payload: { blockerId: poster, blockedId: member, blocked: true, version: 1 },
    });
    await waitFor(async () => (await world.db.query(`SELECT 1 FROM items.processed_events WHERE event_id = $1`, [blockId])).length > 0, {
      what: 'block applied',
    });

    // Left to lapse, each would have been a no-show the poster gave by blocking and waiting. The hold of another
    // poster's item stays.
    expect(await outcomes(member)).toEqual(['gone', 'gone', null]);
    const held = async (id: string) => (await world.db.query(`SELECT reserved_by_id FROM items.items WHERE id = $1`, [id]))[0].reserved_by_id;
    expect([await held(items[0].id), await held(items[1].id), await held(elsewhere.id)]).toEqual([next, null, member]);
    const handedOver = (await world.emitted<{ itemId: string }>(Events.itemHoldHandedOver.subject)).filter((e) => e.itemId === items[0].id);
    expect(handedOver).toEqual([expect.objectContaining({ previousHolderId: member, holderId: next })]);
  });

  it("shows the poster each queued member's and the holder's reliability over 90 days, hidden under 3 holds", async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const [holder, steady, newcomer] = [await world.member(), await world.member(), await world.member()];
    for (const [outcome, days] of [
      ['picked_up', 1],
      ['picked_up', 2],
      ['lapsed', 3],
      ['released_early', 4],
      ['picked_up', 100],
    ] as const)
      await past(steady, outcome, days);
    await past(newcomer, 'picked_up', 1);
    for (const days of [1, 2, 3]) await past(holder, 'picked_up', days);
    await claims.claim(item.id, holder, null);
    await queue.join(item.id, steady);
    await queue.join(item.id, newcomer);

    const view = await queue.view(item.id, poster);
    expect(view.members?.map((m) => m.reliability)).toEqual([{ pickedUp: 2, holds: 3 }, null]);
    // The holder's current hold is open: only ended ones count.
    expect(view.holderReliability).toEqual({ pickedUp: 3, holds: 3 });
    expect((await queue.view(item.id, steady)).holderReliability).toBeNull();
  });

  it('stops new holds for 7 days after three no-shows within 28 days, saying until when', async () => {
    const poster = await world.member();
    const member = await world.member();
    await past(member, 'lapsed', 20);
    await past(member, 'lapsed', 10);
    const item = await world.post(poster);
    await claims.claim(item.id, member, null);
    await queue.releaseHold(item.id, member);
    await past(member, 'lapsed', 2);

    const err = await claims.claim(item.id, member, null).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: ClaimError.HOLDS_SUSPENDED });
    const until = new Date(Date.now() + 5 * 86_400_000).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect((err as Error).message).toContain(`on ${until}`);

    // Three no-shows spread over more than 28 days suspend nobody.
    const spread = await world.member();
    for (const days of [60, 30, 1]) await past(spread, 'lapsed', days);
    await claims.claim(item.id, spread, null);
  });

  it('passes over a suspended member when handing a hold on from the queue, and tells them', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const holder = await world.member();
    const [suspended, next] = [await world.member(), await world.member()];
    await claims.claim(item.id, holder, null);
    await queue.join(item.id, suspended);
    await queue.join(item.id, next);
    for (const days of [3, 2, 1]) await past(suspended, 'lapsed', days);
    await queue.releaseHold(item.id, holder);
    const [row] = await world.db.query(`SELECT reserved_by_id FROM items.items WHERE id = $1`, [item.id]);
    expect(row.reserved_by_id).toBe(next);
    expect(await refusal(claims.claim(item.id, suspended, null))).toBe('ITEM.NOT_AVAILABLE');
  });

  /** `count` holds the member started `hoursAgo` hours ago, each released at once (the early release counts for nothing else). */
  const heldAndReleased = (userId: string, count: number, hoursAgo: number) =>
    world.db.query(
      `INSERT INTO items.holds (item_id, user_id, started_at, ended_at, outcome)
       SELECT gen_random_uuid(), $1, now() - make_interval(hours => $2) + make_interval(secs => i), now() - make_interval(hours => $2) + make_interval(secs => i + 60), 'released_early'
       FROM generate_series(1, $3) i`,
      [userId, hoursAgo, count],
    );

  it('lets a member start at most 10 holds in any 24 hours, saying when the next is possible, and still lets them claim with a photo', async () => {
    const poster = await world.member();
    const member = await world.member({ verified: true });
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => world.post(poster)));
    await heldAndReleased(member, 3, 30);
    await heldAndReleased(member, 8, 5);
    // 8 in the window: the ninth and tenth are taken (released at once, as someone mapping the street would).
    await claims.claim(first.id, member, null);
    await queue.releaseHold(first.id, member);
    await claims.claim(second.id, member, null);
    await queue.releaseHold(second.id, member);

    const err = await claims.claim(third.id, member, null).catch((e: unknown) => e);

    expect(err).toMatchObject({ code: ClaimError.DAILY_HOLDS });
    // The tenth newest hold of the window is the first of the eight, started ~5 hours ago: the next is possible ~19 hours on.
    const [tenth] = await world.db.query(
      `SELECT started_at FROM items.holds WHERE user_id = $1 AND started_at > now() - interval '5 hours 1 minute' ORDER BY started_at LIMIT 1`,
      [member],
    );
    expect((err as Error).message).toBe(dailyHoldsMessage(new Date(new Date(tenth.started_at).getTime() + 24 * 3_600_000)));
    expect((err as Error).message).toMatch(
      /^You took 10 holds in the last 24 hours, the most a member may: your next hold is possible at \d{1,2}:\d{2} [AP]M on \w+day \(UTC\)\. You can still claim an item with a pickup photo\.$/,
    );
    const [row] = await world.db.query(`SELECT status, reserved_by_id FROM items.items WHERE id = $1`, [third.id]);
    expect(row).toEqual({ status: 'available', reserved_by_id: null });
    // A pickup with a checked photo needs no hold.
    await pickUp(third.id, member);
    const [claimed] = await world.db.query(`SELECT status, claimed_by_id FROM items.items WHERE id = $1`, [third.id]);
    expect(claimed).toEqual({ status: 'claimed', claimed_by_id: member });
  });

  it('lets no more than 10 holds through when a member asks for many at once', async () => {
    const poster = await world.member();
    const member = await world.member({ verified: true });
    await heldAndReleased(member, 8, 1);
    const items = await Promise.all([1, 2, 3].map(() => world.post(poster)));

    const results = await Promise.allSettled(items.map((item) => claims.claim(item.id, member, null)));

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: ClaimError.DAILY_HOLDS } });
  });

  it('passes over a member who took 10 holds in 24 hours when handing a hold on from the queue', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const [holder, busy, next] = [await world.member(), await world.member(), await world.member()];
    await claims.claim(item.id, holder, null);
    await queue.join(item.id, busy);
    await queue.join(item.id, next);
    await heldAndReleased(busy, 10, 2);

    await queue.releaseHold(item.id, holder);

    const [row] = await world.db.query(`SELECT reserved_by_id FROM items.items WHERE id = $1`, [item.id]);
    expect(row.reserved_by_id).toBe(next);
  });
});
