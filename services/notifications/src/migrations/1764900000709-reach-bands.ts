import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Nearby alerts find their members by reach band instead of by each member's reach box. The GiST index on the boxes
 * (…708-member-reach.ts) degenerates where members live close together: their boxes, miles wide, all overlap, and
 * the cube opclass's page splits then leave a handful of entries a page. With 100,000 members around one point it
 * held 14,000 pages (110 MB) for what fits in 900 as points, and every post near them read all of it, once per slice
 * (bench/README.md, "Reach bands"). Points do not overlap: each band of reach gets a partial GiST index on the
 * members' positions, and an alert looks in each band's box as wide as the band's widest reach
 * (AlertsRepository's reachBands, whose predicates are these indexes' own, word for word). Together the bands hold
 * every position, so the index on all of them is dropped too. `reach_miles` and its triggers stay as they are.
 */
export class ReachBands1764900000709 implements MigrationInterface {
  name = 'ReachBands1764900000709';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.positions DROP COLUMN reach`);
    await runner.query(`DROP INDEX notifications.positions_earth`);
    await runner.query(`CREATE INDEX positions_reach_2 ON notifications.positions USING gist (earth_pos) WHERE reach_miles <= 2`);
    await runner.query(`CREATE INDEX positions_reach_5 ON notifications.positions USING gist (earth_pos) WHERE reach_miles > 2 AND reach_miles <= 5`);
    await runner.query(`CREATE INDEX positions_reach_wider ON notifications.positions USING gist (earth_pos) WHERE reach_miles > 5`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX notifications.positions_reach_wider`);
    await runner.query(`DROP INDEX notifications.positions_reach_5`);
    await runner.query(`DROP INDEX notifications.positions_reach_2`);
    await runner.query(`CREATE INDEX positions_earth ON notifications.positions USING gist (earth_pos)`);
    await runner.query(
      `ALTER TABLE notifications.positions ADD COLUMN reach cube GENERATED ALWAYS AS (earth_box(ll_to_earth(lat, lng), reach_miles * 1609.344)) STORED`,
    );
    await runner.query(`CREATE INDEX positions_reach ON notifications.positions USING gist (reach)`);
  }
}
