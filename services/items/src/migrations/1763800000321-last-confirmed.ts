import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an item was last known to be there (docs/product-rules.md, "Freshness"): its posting, another member's
 * "still there", a verified pickup. Existing items start from the latest of those already recorded.
 */
export class LastConfirmed1763800000321 implements MigrationInterface {
  name = 'LastConfirmed1763800000321';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.items ADD COLUMN last_confirmed_at timestamptz`);
    await runner.query(
      `UPDATE items.items SET last_confirmed_at = GREATEST(created_at, last_still_there_check, CASE WHEN status = 'claimed' THEN claimed_at END)`,
    );
    await runner.query(`ALTER TABLE items.items ALTER COLUMN last_confirmed_at SET DEFAULT now(), ALTER COLUMN last_confirmed_at SET NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.items DROP COLUMN last_confirmed_at`);
  }
}
