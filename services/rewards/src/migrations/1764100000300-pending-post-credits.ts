import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post's points wait for the pickup (docs/product-rules.md, "Points"): a post or scout find that earned a slot of
 * its day is kept here, counting toward nothing, until the first of a verified pickup, a verified member's "still
 * there" or six hours after the post (`final_by`); then its ledger entry is written and the row goes. A deletion
 * within the hour or a removal after reports before then voids it (`withdrawn_at`): it never counts, and the row
 * stays so the day's slots are still counted by when things happened. A post counts toward the post badges only once
 * its points are final (one past the day's ten earns nothing and counts toward none). `item_confirmations` keeps the earliest
 * confirmation of an item, which may be delivered before the post's credit (another subject, another order).
 */
export class PendingPostCredits1764100000300 implements MigrationInterface {
  name = 'PendingPostCredits1764100000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE rewards.pending_credits (
        item_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        reason text NOT NULL,
        amount integer NOT NULL,
        local_date date NOT NULL,
        cause_at timestamptz NOT NULL,
        source_event_id uuid NOT NULL,
        final_by timestamptz NOT NULL,
        withdrawn_at timestamptz,
        withdrawal_event_id uuid
      )`);
    await runner.query(`CREATE INDEX pending_credits_due ON rewards.pending_credits (final_by) WHERE withdrawn_at IS NULL`);
    await runner.query(`CREATE INDEX pending_credits_day ON rewards.pending_credits (user_id, local_date, cause_at)`);
    await runner.query(`
      CREATE TABLE rewards.item_confirmations (
        item_id uuid PRIMARY KEY,
        confirmed_at timestamptz NOT NULL,
        source_event_id uuid NOT NULL
      )`);
    // Each member's pending sum, apart from balances: a member with only pending points has no standing yet (no
    // balance row, no place on the leaderboard).
    await runner.query(`CREATE TABLE rewards.pending_balances (user_id uuid PRIMARY KEY, pending integer NOT NULL CHECK (pending >= 0))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE rewards.pending_balances`);
    await runner.query(`DROP TABLE rewards.item_confirmations`);
    await runner.query(`DROP TABLE rewards.pending_credits`);
  }
}
