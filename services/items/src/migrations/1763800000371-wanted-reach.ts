import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The post's answer counts the wanted posts a new item matches in the posting transaction: a GiST index on the reach
 * of public searches only, so that count reads the few wanted posts around the item, not every saved search there
 * (docs/scaling.md, "Saved searches").
 */
export class WantedReach1763800000371 implements MigrationInterface {
  name = 'WantedReach1763800000371';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX saved_searches_wanted_reach ON items.saved_searches USING gist (reach) WHERE is_public`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX items.saved_searches_wanted_reach`);
  }
}
