import { randomUUID } from 'node:crypto';
import { Calls } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { notificationsService } from '../src/notifications.definition';
import { reachBands } from '../src/store/alerts.repository';

/**
 * A position's reach (migrations/…708-member-reach.ts) is the widest radius its member's kept settings hold, at least
 * the default 2 miles, whichever of the position and the settings arrives first: nearby alerts find their members by it.
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
  const version = (userId: string, version: number, radiusMiles: number) =>
    db().query(
      `INSERT INTO notifications.member_versions (user_id, version, occurred_at, flags, radius_miles, tier) VALUES ($1, $2, now(), '{}', $3, 'free')`,
      [userId, version, radiusMiles],
    );
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

  it("looks for a post's members in every band of reach through that band's own index", async () => {
    // The bands' predicates must be the partial indexes' own (migrations/…709-reach-bands.ts), or the planner cannot
    // use them and each post reads every position. With sequential scans priced out, a band it could not use shows.
    const plan = await db().transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN SELECT user_id FROM (${reachBands('ll_to_earth(47.6, -122.33)')}) p`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan/);
    for (const index of ['positions_reach_2', 'positions_reach_5', 'positions_reach_wider']) expect(plan).toContain(index);
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
