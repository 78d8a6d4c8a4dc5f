import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A hold that Pro's auto-claim took for a member (first dibs, or a place in line that became a hold) and that lapsed
 * ends as 'unanswered': neither a no-show nor a hold in the member's reliability (docs/product-rules.md, "No-shows").
 * The member did not choose that item; counted as a no-show, anyone could post three matching items at 3 a.m. and
 * stop a Pro member's holds for a week. A hold and a place in line say whether auto-claim took them (`auto_claimed`),
 * so a hold the member takes of the same item later, themselves, counts as ever.
 */
export class UnansweredAutoHolds1765000000409 implements MigrationInterface {
  name = 'UnansweredAutoHolds1765000000409';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.item_queue ADD COLUMN auto_claimed boolean NOT NULL DEFAULT false`);
    await runner.query(`ALTER TABLE items.holds ADD COLUMN auto_claimed boolean NOT NULL DEFAULT false`);
    await runner.query(`ALTER TABLE items.holds DROP CONSTRAINT holds_outcome_check,
      ADD CONSTRAINT holds_outcome_check CHECK (outcome IN ('picked_up', 'lapsed', 'released', 'released_early', 'gone', 'unanswered'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`UPDATE items.holds SET outcome = 'gone' WHERE outcome = 'unanswered'`);
    await runner.query(`ALTER TABLE items.holds DROP CONSTRAINT holds_outcome_check,
      ADD CONSTRAINT holds_outcome_check CHECK (outcome IN ('picked_up', 'lapsed', 'released', 'released_early', 'gone'))`);
    await runner.query(`ALTER TABLE items.holds DROP COLUMN auto_claimed`);
    await runner.query(`ALTER TABLE items.item_queue DROP COLUMN auto_claimed`);
  }
}
