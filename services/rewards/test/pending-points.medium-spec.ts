import { randomUUID } from 'node:crypto';
import { Calls, LeaderboardEntry, PENDING_POINTS_FINAL_AFTER_MS } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { LedgerService } from '../src/ledger/ledger.service';
import { deleted, HOUR, pickedUp, posted, removed, RewardsWorld, startRewardsWorld, stillThere } from './rewards-world';

/**
 * Post points wait for the pickup (docs/product-rules.md, "Points"), on the real PostgreSQL through the real
 * consumers: pending until a verified pickup, a verified member's "still there" or six hours after the post,
 * counting toward nothing before; withdrawn while pending, they never count.
 */
describe('pending post points', () => {
  let world: RewardsWorld;

  beforeAll(async () => {
    world = await startRewardsWorld();
  });
  afterAll(() => world?.stop());

  const standing = async (userId: string) => ({ ...(await world.balanceOf(userId)), pending: await world.pendingOf(userId) });
  // In the ledger's order (version): two events of one transaction may be published in either order.
  const awardsOf = (userId: string) =>
    world.awards
      .filter((a) => a.userId === userId)
      .sort((a, b) => a.version - b.version)
      .map((a) => [a.amount, a.reason, a.balance]);
  // Each check its own page size: the first page of a size is kept a second (leaderboard.service.ts).
  const onLeaderboard = async (userId: string, limit: number) =>
    (JSON.parse((await world.sut.call(Calls.rewards.leaderboard, { limit })).entriesJson) as LeaderboardEntry[]).some((e) => e.id === userId);

  it('a post’s points count toward nothing while pending: no balance, badge, rank, leaderboard place or points.awarded', async () => {
    const userId = randomUUID();
    await world.deliver(posted(userId, { isScoutFind: true }));
    expect(await standing(userId)).toEqual({ points: 0, earned: 0, badges: [], pending: 25 });
    expect(awardsOf(userId)).toEqual([]);
    expect(world.badges.filter((b) => b.userId === userId)).toEqual([]);
    expect(await onLeaderboard(userId, 100)).toBe(false);
    expect(await world.sut.call(Calls.rewards.summary, { userId })).toMatchObject({
      points: 0,
      pendingPoints: 25,
      earnedPoints: 0,
      rank: 'Newbie',
      badges: [],
    });
  });

  it('a verified pickup makes them final at once, with the claim’s own points for the picker and the badges they earn', async () => {
    const [poster, picker] = [randomUUID(), randomUUID()];
    const post = posted(poster, { createdAt: new Date(Date.now() - 2 * HOUR) });
    await world.deliver(post);
    await world.deliver(pickedUp(post, picker));
    expect(await standing(poster)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'], pending: 0 });
    expect(awardsOf(poster)).toEqual([
      [10, 'post_item', 10],
      [10, 'badge:First Post Badge', 20],
    ]);
    expect(await standing(picker)).toEqual({ points: 5 + 15, earned: 20, badges: ['Community Helper'], pending: 0 });
    expect(await onLeaderboard(poster, 99)).toBe(true);
  });

  it('a pickup between accounts seen on one device (linkedAccounts) pays nothing and leaves the post’s points pending', async () => {
    const [poster, alt] = [randomUUID(), randomUUID()];
    const post = posted(poster, { createdAt: new Date(Date.now() - 2 * HOUR) });
    await world.deliver(post);
    const pickup = pickedUp(post, alt);
    await world.deliver({ ...pickup, payload: { ...pickup.payload, linkedAccounts: true } });
    expect(await standing(poster)).toMatchObject({ points: 0, pending: 10 });
    expect(await standing(alt)).toEqual({ points: 0, earned: 0, badges: [], pending: 0 });
  });

  it('a verified member’s “still there” makes them final; an unverified member’s or the poster’s own does not', async () => {
    const [poster, neighbour, verifiedNeighbour] = [randomUUID(), randomUUID(), randomUUID()];
    const post = posted(poster, { createdAt: new Date(Date.now() - 2 * HOUR) });
    await world.deliver(post);
    await world.deliver(stillThere(post, neighbour, false), stillThere(post, poster, true));
    expect(await standing(poster)).toMatchObject({ points: 0, pending: 10 });
    await world.deliver(stillThere(post, verifiedNeighbour, true));
    expect(await standing(poster)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'], pending: 0 });
  });

  it('a confirmation delivered before its post makes the post final as it arrives', async () => {
    const [poster, neighbour] = [randomUUID(), randomUUID()];
    const post = posted(poster, { createdAt: new Date(Date.now() - 2 * HOUR) });
    await world.deliver(stillThere(post, neighbour, true));
    await world.deliver(post);
    expect(await standing(poster)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'], pending: 0 });
  });

  it('six hours after the post they are final, counted from the post’s time, not from when the sweep runs', async () => {
    const userId = randomUUID();
    const postedAt = new Date(Date.now() - 2 * HOUR);
    await world.deliver(posted(userId, { createdAt: postedAt }));
    await world.sweep(new Date(postedAt.getTime() + PENDING_POINTS_FINAL_AFTER_MS - 1000));
    expect(await standing(userId)).toMatchObject({ points: 0, pending: 10 });
    await world.sweep(new Date(postedAt.getTime() + PENDING_POINTS_FINAL_AFTER_MS));
    expect(await standing(userId)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'], pending: 0 });
    // The entry is dated by its post, whenever the sweep ran.
    const [entry] = await world.db.query(`SELECT cause_at FROM rewards.ledger_entries WHERE user_id = $1 AND reason = 'post_item'`, [userId]);
    expect((entry.cause_at as Date).toISOString()).toBe(postedAt.toISOString());
  });

  it('withdrawn while pending (deleted within the hour, removed after reports), they never count: no entry, no announcement', async () => {
    const userId = randomUUID();
    const postedAt = new Date(Date.now() - 2 * HOUR);
    const quick = posted(userId, { createdAt: postedAt });
    const reported = posted(userId, { createdAt: postedAt, isScoutFind: true });
    await world.deliver(quick, reported);
    expect(await world.pendingOf(userId)).toBe(35);
    await world.deliver(deleted(quick, new Date(postedAt.getTime() + 30 * 60_000)), removed(reported, 'reported'));
    await world.sweep();
    expect(await standing(userId)).toEqual({ points: 0, earned: 0, badges: [], pending: 0 });
    expect(await world.db.query(`SELECT reason FROM rewards.ledger_entries WHERE user_id = $1`, [userId])).toEqual([]);
    expect(awardsOf(userId)).toEqual([]);
    // A pickup after the removal (by when things happened) changes nothing.
    await world.deliver(pickedUp(reported, randomUUID()));
    expect(await standing(userId)).toMatchObject({ points: 0, pending: 0 });
  });

  it('withdrawn while pending however late (deleted after its first hour, taken down by "not there"), they never count either', async () => {
    const userId = randomUUID();
    const postedAt = new Date(Date.now() - 5 * HOUR);
    const late = posted(userId, { createdAt: postedAt });
    const gone = posted(userId, { createdAt: postedAt });
    await world.deliver(late, gone);
    expect(await world.pendingOf(userId)).toBe(20);
    await world.deliver(deleted(late, new Date(postedAt.getTime() + 3 * HOUR)), removed(gone, 'not_there'));
    expect(await world.pendingOf(userId)).toBe(0);
    await world.sweep(new Date(postedAt.getTime() + 7 * HOUR));
    expect(await standing(userId)).toEqual({ points: 0, earned: 0, badges: [], pending: 0 });
    expect(awardsOf(userId)).toEqual([]);
  });

  it('withdrawn while pending but delivered after the sweep made them final by the clock, they are taken back as in order (the badge stays)', async () => {
    const userId = randomUUID();
    const postedAt = new Date(Date.now() - 7 * HOUR);
    const late = posted(userId, { createdAt: postedAt });
    const gone = posted(userId, { createdAt: postedAt });
    await world.deliver(late, gone);
    await world.sweep(new Date(postedAt.getTime() + PENDING_POINTS_FINAL_AFTER_MS));
    // Two posts' 10 each and the First Post bonus's 10.
    expect(await standing(userId)).toEqual({ points: 30, earned: 30, badges: ['First Post Badge'], pending: 0 });
    // A deletion 5.5 hours after the post and a "not there" at 5 hours, both delivered late (a backlog, a redelivery).
    await world.deliver(deleted(late, new Date(postedAt.getTime() + 5.5 * HOUR)), removed(gone, 'not_there', new Date(postedAt.getTime() + 5 * HOUR)));
    expect(await standing(userId)).toEqual({ points: 10, earned: 10, badges: ['First Post Badge'], pending: 0 });
    const entries = await world.db.query(`SELECT reason, amount FROM rewards.ledger_entries WHERE user_id = $1 AND item_id IS NOT NULL ORDER BY reason`, [
      userId,
    ]);
    expect(entries.map((e: { reason: string; amount: number }) => [e.reason, e.amount])).toEqual([
      ['post_item', 10],
      ['post_item', 10],
      ['post_void', -10],
      ['post_void', -10],
    ]);
    // Delivered again (another withdrawal of the same post), nothing more is taken.
    await world.deliver(removed(late, 'reported', new Date(postedAt.getTime() + 6.5 * HOUR)));
    expect(await standing(userId)).toMatchObject({ points: 10, earned: 10 });
  });

  it('a post held by the checks, removed by a moderator and brought back on appeal earns its points when it is announced', async () => {
    const userId = randomUUID();
    const postedAt = new Date(Date.now() - 3 * HOUR);
    const post = posted(userId, { createdAt: postedAt });
    // Nobody heard of the post while it was held: its removal is the first the rewards service hears of it.
    await world.deliver(removed(post, 'reported', new Date(postedAt.getTime() + HOUR)));
    // The overturn announces it two hours after it was written, with its own time.
    await world.deliver({ ...post, occurredAt: new Date(postedAt.getTime() + 2 * HOUR).toISOString() });
    expect(await world.pendingOf(userId)).toBe(10);
    await world.sweep(new Date(postedAt.getTime() + PENDING_POINTS_FINAL_AFTER_MS));
    expect(await standing(userId)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'], pending: 0 });
  });

  it('taken down by "not there" after they became final, they stay', async () => {
    const [poster, neighbour] = [randomUUID(), randomUUID()];
    const post = posted(poster, { createdAt: new Date(Date.now() - 2 * HOUR) });
    await world.deliver(post, stillThere(post, neighbour, true, new Date(Date.now() - HOUR)), removed(post, 'not_there'));
    // The post's 10 and the First Post bonus's 10.
    expect(await standing(poster)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'], pending: 0 });
  });

  it('confirmed in the post’s first hour, they become final only when the hour is over: a deletion within it voids them, so nothing is spent and then kept', async () => {
    const [poster, neighbour] = [randomUUID(), randomUUID()];
    const postedAt = new Date(Date.now() - 10 * 60_000);
    const post = posted(poster, { createdAt: postedAt });
    await world.deliver(post, stillThere(post, neighbour, true));
    // Nothing to spend yet: the deletion the poster may still make would take them back.
    expect(await standing(poster)).toEqual({ points: 0, earned: 0, badges: [], pending: 10 });
    await world.deliver(deleted(post, new Date()));
    expect(await standing(poster)).toEqual({ points: 0, earned: 0, badges: [], pending: 0 });
    expect(awardsOf(poster)).toEqual([]);

    // Not deleted: the sweep makes them final once the hour is over, well before the six hours.
    const kept = posted(poster, { createdAt: postedAt });
    await world.deliver(kept, stillThere(kept, neighbour, true));
    await world.sweep(new Date(postedAt.getTime() + 59 * 60_000));
    expect(await standing(poster)).toMatchObject({ points: 0, pending: 10 });
    await world.sweep(new Date(postedAt.getTime() + 61 * 60_000));
    expect(await standing(poster)).toEqual({ points: 20, earned: 20, badges: ['First Post Badge'], pending: 0 });
  });

  it('a removal after reports finds the points spent: what it cannot take back is owed, and paid out of the next credits first', async () => {
    const [poster, neighbour] = [randomUUID(), randomUUID()];
    const post = posted(poster, { createdAt: new Date(Date.now() - 3 * HOUR) });
    await world.deliver(post, stillThere(post, neighbour, true, new Date(Date.now() - 2 * HOUR)));
    expect(await standing(poster)).toMatchObject({ points: 20, earned: 20 });
    // Spent in the shop down to 5: the cheapest reward, with points from elsewhere to make up its price.
    const cheapest = (await world.sut.call(Calls.rewards.catalogue, {})).reduce((a, b) => (b.pointsCost < a.pointsCost ? b : a));
    await world.grant(poster, cheapest.pointsCost - 15);
    await world.sut.call(Calls.rewards.redeem, { rewardId: cheapest.id }, poster);
    const left = (await world.balanceOf(poster)).points;
    expect(left).toBe(5);

    await world.deliver(removed(post, 'reported'));
    const owed = async () => (await world.db.query(`SELECT owed FROM rewards.balances WHERE user_id = $1`, [poster]))[0].owed as number;
    expect(await standing(poster)).toMatchObject({ points: 0 });
    expect(await owed()).toBe(5);

    // The next post's points, once final, pay what is owed first.
    const next = posted(poster, { createdAt: new Date(Date.now() - 3 * HOUR) });
    await world.deliver(next, stillThere(next, neighbour, true, new Date(Date.now() - 2 * HOUR)));
    expect(await owed()).toBe(0);
    expect(await standing(poster)).toMatchObject({ points: 5 });
    const summary = await world.sut.call(Calls.rewards.summary, { userId: poster });
    expect(summary.recentActivity.map((a) => a.description)).toContain('-5 points: paid toward points a withdrawn post owed');
  });

  it('a confirmation from before a deletion within the hour, delivered after it, changes nothing: they were not final yet', async () => {
    const [poster, neighbour] = [randomUUID(), randomUUID()];
    const postedAt = new Date(Date.now() - 50 * 60_000);
    const post = posted(poster, { createdAt: postedAt });
    await world.deliver(post, deleted(post, new Date(postedAt.getTime() + 40 * 60_000)));
    expect(await world.pendingOf(poster)).toBe(0);
    await world.deliver(stillThere(post, neighbour, true, new Date(postedAt.getTime() + 20 * 60_000)));
    expect(await standing(poster)).toEqual({ points: 0, earned: 0, badges: [], pending: 0 });
  });

  it('a confirmation from before a removal after reports, delivered after it: final first, then taken back, as in order (the badge stays)', async () => {
    const [poster, neighbour] = [randomUUID(), randomUUID()];
    const postedAt = new Date(Date.now() - 3 * HOUR);
    const post = posted(poster, { createdAt: postedAt });
    await world.deliver(post, removed(post, 'reported'));
    expect(await world.pendingOf(poster)).toBe(0);
    await world.deliver(stillThere(post, neighbour, true, new Date(postedAt.getTime() + 70 * 60_000)));
    expect(await standing(poster)).toEqual({ points: 10, earned: 10, badges: ['First Post Badge'], pending: 0 });
  });

  it('a removal after reports that comes after the six hours takes back final points, even before a sweep ran', async () => {
    const userId = randomUUID();
    const post = posted(userId, { createdAt: new Date(Date.now() - 7 * HOUR) });
    await world.deliver(post);
    expect(await world.pendingOf(userId)).toBe(10);
    await world.deliver(removed(post, 'reported'));
    expect(await standing(userId)).toEqual({ points: 10, earned: 10, badges: ['First Post Badge'], pending: 0 });
    expect(
      (await world.db.query(`SELECT reason, amount FROM rewards.ledger_entries WHERE user_id = $1 AND item_id IS NOT NULL ORDER BY amount`, [userId])).map(
        (e: { reason: string; amount: number }) => [e.reason, e.amount],
      ),
    ).toEqual([
      ['post_reversal', -10],
      ['post_item', 10],
    ]);
  });

  it('two sweeps at once finalise each credit once', async () => {
    const users = Array.from({ length: 5 }, () => randomUUID());
    const postedAt = new Date(Date.now() - 3 * HOUR);
    await world.deliver(...users.flatMap((u) => [posted(u, { createdAt: postedAt }), posted(u, { createdAt: postedAt })]));
    const at = new Date(postedAt.getTime() + PENDING_POINTS_FINAL_AFTER_MS);
    const outbox = world.get(EventOutbox);
    const ledger = world.get(LedgerService);
    // Two transactions at once, as two replicas' sweeps: each picks rows the other has not locked.
    const counts = await Promise.all([
      outbox.transaction((tx) => ledger.finaliseDue(tx, at, 100)),
      outbox.transaction((tx) => ledger.finaliseDue(tx, at, 100)),
    ]);
    await world.sweep(at);
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(10);
    for (const u of users) expect(await standing(u)).toEqual({ points: 30, earned: 30, badges: ['First Post Badge'], pending: 0 });
    const [{ n }] = await world.db.query(`SELECT count(*)::int AS n FROM rewards.ledger_entries WHERE user_id = ANY ($1) AND reason = 'post_item'`, [users]);
    expect(n).toBe(10);
  });
});
