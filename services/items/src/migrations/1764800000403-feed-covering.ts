import { MigrationInterface, QueryRunner } from 'typeorm';

const GRIDS = ['fine', 'coarse', 'wide'] as const;
/** What a cell's walk tests besides its order: the expiry, the public position and the kind and freshness filters. */
const TESTED = 'INCLUDE (expires_at, earth_pos, is_garage_sale, last_confirmed_at)';

/**
 * The feed's indexes carry what each cell's walk tests besides its order (TESTED). A walk reads a cell newest-first
 * and keeps the rows inside the circle that pass the filters; with those columns in the index it tests them there (an
 * index-only scan) instead of fetching each row from the table first, and in a city most rows it reads lie outside
 * the circle (bench/README.md, "The feed's walk in its index"). A category filter and a search still read the table.
 *
 * Garage sales get indexes of their own: a few listings among many, so a walk for them alone (the map's garage-sale
 * mode) read whole cells of other items to find them, ~130 ms in a city of a million items.
 *
 * An index-only scan skips the table only for pages the visibility map marks all-visible, which vacuum does: so items
 * are vacuumed after 1 % of the table has changed or been added, not PostgreSQL's default 20 % (a million items: every
 * 10,000 rows instead of every 200,000), and the newest pages, which the walks read first, are not left unmarked for
 * days.
 */
export class FeedCovering1764800000403 implements MigrationInterface {
  name = 'FeedCovering1764800000403';

  async up(runner: QueryRunner): Promise<void> {
    for (const grid of GRIDS) {
      await runner.query(`DROP INDEX items.items_feed_${grid}`);
      await runner.query(`CREATE INDEX items_feed_${grid} ON items.items (cell_${grid}, created_at DESC, id DESC) ${TESTED} WHERE listed`);
      await runner.query(
        `CREATE INDEX items_feed_sales_${grid} ON items.items (cell_${grid}, created_at DESC, id DESC) ${TESTED} WHERE listed AND is_garage_sale`,
      );
    }
    await runner.query(`ALTER TABLE items.items SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.items RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_insert_scale_factor)`);
    for (const grid of GRIDS) {
      await runner.query(`DROP INDEX items.items_feed_sales_${grid}`);
      await runner.query(`DROP INDEX items.items_feed_${grid}`);
      await runner.query(`CREATE INDEX items_feed_${grid} ON items.items (cell_${grid}, created_at DESC, id DESC) WHERE listed`);
    }
  }
}
