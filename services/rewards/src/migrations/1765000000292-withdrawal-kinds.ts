import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every withdrawal of a post voids its points while they are pending (docs/product-rules.md, "Points"): a deletion
 * at any time before they are final, not only within the hour, and a removal for any reason, not only after reports.
 * Before, a post deleted after its first hour, or taken down by neighbours' "not there", kept its pending points,
 * which became final at the six hours: a member could post, delete at 61 minutes and be paid.
 *
 * So a withdrawal keeps its kind (`deleted`, `reported`, `gone`: removed by neighbours' "not there"), where the
 * hour rule was a flag. What it does to final points is unchanged: a deletion within the hour and a removal after
 * reports take them back and free the day's slot; the others leave them. A credit those others voided keeps its
 * slot of the day (`withdrawal_keeps_slot`): a confirmation from before the withdrawal, delivered after it, makes
 * the credit final as it was in order, in the slot it held.
 */
export class WithdrawalKinds1765000000292 implements MigrationInterface {
  name = 'WithdrawalKinds1765000000292';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE rewards.pending_post_reversals ADD COLUMN kind text CHECK (kind IN ('deleted', 'reported', 'gone'))`);
    await runner.query(`UPDATE rewards.pending_post_reversals SET kind = CASE WHEN hour_rule THEN 'deleted' ELSE 'reported' END`);
    await runner.query(`ALTER TABLE rewards.pending_post_reversals ALTER COLUMN kind SET NOT NULL, DROP COLUMN hour_rule`);
    // Until now only a deletion within the hour or a removal after reports voided a credit; both take final points back.
    await runner.query(`
      ALTER TABLE rewards.pending_credits
        ADD COLUMN withdrawal_kind text CHECK (withdrawal_kind IN ('deleted', 'reported', 'gone')),
        ADD COLUMN withdrawal_keeps_slot boolean NOT NULL DEFAULT false`);
    await runner.query(`UPDATE rewards.pending_credits SET withdrawal_kind = 'reported' WHERE withdrawn_at IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE rewards.pending_credits DROP COLUMN withdrawal_keeps_slot, DROP COLUMN withdrawal_kind`);
    await runner.query(`ALTER TABLE rewards.pending_post_reversals ADD COLUMN hour_rule boolean`);
    await runner.query(`UPDATE rewards.pending_post_reversals SET hour_rule = (kind = 'deleted')`);
    await runner.query(`DELETE FROM rewards.pending_post_reversals WHERE kind = 'gone'`);
    await runner.query(`ALTER TABLE rewards.pending_post_reversals ALTER COLUMN hour_rule SET NOT NULL, DROP COLUMN kind`);
  }
}
