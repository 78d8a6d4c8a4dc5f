import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A hold during which the holder's pickup photo could not be checked (the check service failed or ran out of time,
 * not a photo it refused) notes it (`check_failed`), and if it then lapses it ends 'check_failed': neither a no-show
 * nor a hold in the member's reliability (docs/product-rules.md, "No-shows"). The member went to the curb and our
 * check failed them; a no-show for it would suspend their holds for something that was not theirs.
 */
export class FailedChecksOfHolds1765100000414 implements MigrationInterface {
  name = 'FailedChecksOfHolds1765100000414';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.holds ADD COLUMN check_failed boolean NOT NULL DEFAULT false`);
    await runner.query(`ALTER TABLE items.holds DROP CONSTRAINT holds_outcome_check,
      ADD CONSTRAINT holds_outcome_check CHECK (outcome IN ('picked_up', 'lapsed', 'released', 'released_early', 'gone', 'unanswered', 'check_failed'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`UPDATE items.holds SET outcome = 'gone' WHERE outcome = 'check_failed'`);
    await runner.query(`ALTER TABLE items.holds DROP CONSTRAINT holds_outcome_check,
      ADD CONSTRAINT holds_outcome_check CHECK (outcome IN ('picked_up', 'lapsed', 'released', 'released_early', 'gone', 'unanswered'))`);
    await runner.query(`ALTER TABLE items.holds DROP COLUMN check_failed`);
  }
}
