import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Points owed: what a reversal could not take back because the member had spent it (a balance never goes below
 * zero). A post removed after reports takes its points back; spent in the shop first, the rest was lost until now.
 * It is paid first out of the member's next credits, each payment a ledger entry of its own (`repaid:<reason>`).
 */
export class PointsOwed1765000000293 implements MigrationInterface {
  name = 'PointsOwed1765000000293';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE rewards.balances ADD COLUMN owed integer NOT NULL DEFAULT 0 CHECK (owed >= 0)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE rewards.balances DROP COLUMN owed`);
  }
}
