import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pro's auto-claim (docs/product-rules.md, "Auto-claim"): a saved search switched to take matching new items, and
 * each item it took for a member (a hold or a place in line), once per member and item; the daily cap is counted
 * from these rows.
 */
export class AutoClaim1764400000391 implements MigrationInterface {
  name = 'AutoClaim1764400000391';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.saved_searches ADD COLUMN auto_claim boolean NOT NULL DEFAULT false`);
    await runner.query(`
      CREATE TABLE items.auto_claims (
        user_id uuid NOT NULL,
        item_id uuid NOT NULL,
        saved_search_id uuid NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('held', 'queued')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, item_id)
      )`);
    await runner.query(`CREATE INDEX auto_claims_member_time ON items.auto_claims (user_id, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.auto_claims`);
    await runner.query(`ALTER TABLE items.saved_searches DROP COLUMN auto_claim`);
  }
}
