import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A third grid of 2° cells for wide searches: a 100-mile search covers ~6 of them instead of ~50 half-degree
 * cells, and the feed statement has one branch per cell (planning 50 branches cost more than running them).
 */
export class WideGrid1763800000302 implements MigrationInterface {
  name = 'WideGrid1763800000302';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE items.items ADD COLUMN cell_wide integer GENERATED ALWAYS AS (
        least(floor((lat + 90) / 2)::integer, 89) * 180 + least(floor((lng + 180) / 2)::integer, 179)) STORED`);
    await runner.query(`CREATE INDEX items_feed_wide ON items.items (cell_wide, created_at DESC, id DESC) WHERE listed`);
    await runner.query(`CREATE INDEX items_top_wide ON items.items (cell_wide, votes_date) WHERE listed AND vote_count > 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX items.items_top_wide`);
    await runner.query(`DROP INDEX items.items_feed_wide`);
    await runner.query(`ALTER TABLE items.items DROP COLUMN cell_wide`);
  }
}
