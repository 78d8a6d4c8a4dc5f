import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a "not there" answer counts toward taking the item down, decided as it is given: from a verified member,
 * and only for the first NOT_THERE_COUNTED_PER_DAY of that member's answers in any 24 hours (EngagementService). Three
 * cheap verified accounts could otherwise take down every post in a neighbourhood, forty a minute. The partial index
 * finds a member's recent counted answers. Answers given before this migration keep counting as they did.
 */
export class NotThereCounts1765000000406 implements MigrationInterface {
  name = 'NotThereCounts1765000000406';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.still_there_checks ADD COLUMN counts boolean NOT NULL DEFAULT true`);
    await runner.query(`CREATE INDEX still_there_checks_counted_not_there ON items.still_there_checks (user_id, created_at) WHERE NOT still_there AND counts`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX items.still_there_checks_counted_not_there`);
    await runner.query(`ALTER TABLE items.still_there_checks DROP COLUMN counts`);
  }
}
