import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The feed's text search matches the title OR the description (feed.query.ts). Only the title had a trigram index, so
 * a search for a word few items have made every grid cell of the circle read all its rows: at 1,000,000 items a 10-mile
 * search in a dense city for a word no item has took 1.1 s and ~60,000 page reads (bench/README.md, "Scenario
 * city-day"). With both columns indexed PostgreSQL combines the two trigram indexes with the cell's: 24 ms.
 */
export class DescriptionTrigrams1764600000401 implements MigrationInterface {
  name = 'DescriptionTrigrams1764600000401';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX items_description_trgm ON items.items USING gin (description gin_trgm_ops)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX items.items_description_trgm`);
  }
}
