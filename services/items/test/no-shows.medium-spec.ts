import { randomUUID } from 'node:crypto';
import { ClaimError } from '@curbside/contracts';
import { ClaimsService } from '../src/claims/claims.service';
import { ExpiryScheduler } from '../src/expiry/expiry.scheduler';
import { QueueService } from '../src/queue/queue.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

/**
 * No-shows and reliability on the real PostgreSQL (docs/product-rules.md, "No-shows"): a lapsed hold is a no-show,
 * a release in its first 10 minutes does not count at all, reliability is pickups / holds over 90 days (hidden
 * under 3), and three no-shows within 28 days stop new holds for 7 days, also from a queue.
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
});
