import { randomUUID } from 'node:crypto';
import { Calls } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { notificationsService } from '../src/notifications.definition';
import { proPositions, reachBands } from '../src/store/alerts.repository';

/**
 * A position's reach (migrations/…708-member-reach.ts) is the widest radius its member's kept settings hold, at least
 * the default 2 miles, and it may be a Pro member's while any of those settings is on Pro (…712-pro-members-first.ts),
 * whichever of the position and the settings arrives first: nearby alerts find their members by both.
 */
describe('member reach', () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(notificationsService);
  });
  afterAll(async () => {
    await sut?.stop();
  });

  const db = () => sut.service.runtime.dataSource;
  const reach = async (userId: string): Promise<number> =>
    (await db().query(`SELECT reach_miles FROM notifications.positions WHERE user_id = $1`, [userId]))[0].reach_miles;
  const mayBePro = async (userId: string): Promise<boolean> =>
    (await db().query(`SELECT may_be_pro FROM notifications.positions WHERE user_id = $1`, [userId]))[0].may_be_pro;
  const version = (userId: string, version: number, radiusMiles: number, tier = 'free') =>
    db().query(`INSERT INTO notifications.member_versions (user_id, version, occurred_at, flags, radius_miles, tier) VALUES ($1, $2, now(), '{}', $3, $4)`, [
      userId,
      version,
      radiusMiles,
      tier,
    ]);
  const report = (userId: string, lat = 47.6) => sut.call(Calls.notifications.reportPosition, { lat, lng: -122.33 }, userId);

  it('takes the default before any settings, widens with a wider radius, and keeps the widest while it is kept', async () => {
    const member = randomUUID();
    await report(member);
    expect(await reach(member)).toBe(2);
    await version(member, 1, 8);
    expect(await reach(member)).toBe(8);
    await version(member, 2, 1);
    expect(await reach(member)).toBe(8);
    // A move keeps the reach; the box moves with the position.
    await report(member, 47.7);
    expect(await reach(member)).toBe(8);
  });

  /** The plan of the positions `positions` finds around a point, with sequential scans priced out: an index it could not use shows. */
  const planOf = (positions: (point: string) => string) =>
    db().transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN SELECT user_id FROM (${positions('ll_to_earth(47.6, -122.33)')}) p`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it("looks for a post's members in every band of reach through that band's own index", async () => {
    // The bands' predicates must be the partial indexes' own (migrations/…709-reach-bands.ts), or the planner cannot
    // use them and each post reads every position.
    const plan = await planOf(reachBands);
    expect(plan).not.toMatch(/Seq Scan/);
    for (const index of ['positions_reach_2', 'positions_reach_5', 'positions_reach_wider']) expect(plan).toContain(index);
  });

  it("looks for a post's Pro members through their own index", async () => {
    const plan = await planOf(proPositions);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toContain('positions_pro');
  });

  it("marks a position as maybe a Pro member's while any kept settings version is on Pro, whichever arrives first", async () => {
    const [upgraded, proFirst, neverPro] = [randomUUID(), randomUUID(), randomUUID()];
    await report(upgraded);
    await version(upgraded, 1, 2);
    expect(await mayBePro(upgraded)).toBe(false);
    await version(upgraded, 2, 2, 'pro');
    expect(await mayBePro(upgraded)).toBe(true);
    // Back on Free, the Pro version is still kept (an alert of its time may still be decided by it).
    await version(upgraded, 3, 2, 'free');
    expect(await mayBePro(upgraded)).toBe(true);
    await version(proFirst, 1, 2, 'pro');
    await version(neverPro, 1, 2, 'premium');
    await report(proFirst);
    await report(neverPro);
    expect(await mayBePro(proFirst)).toBe(true);
    expect(await mayBePro(neverPro)).toBe(false);
  });

  it('gives a position reported after the settings the reach they hold, never less than the default', async () => {
    const [wide, narrow] = [randomUUID(), randomUUID()];
    await version(wide, 1, 10);
    await version(narrow, 1, 0.5);
    await report(wide);
    await report(narrow);
    expect(await reach(wide)).toBe(10);
    expect(await reach(narrow)).toBe(2);
  });
});
