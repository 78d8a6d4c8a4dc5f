import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLedger1763800000200 implements MigrationInterface {
  name = 'CreateLedger1763800000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE rewards.ledger_entries (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        amount integer NOT NULL,
        reason text NOT NULL,
        source_event_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (source_event_id, reason)
      )`);
    await runner.query(`CREATE INDEX ledger_entries_user ON rewards.ledger_entries (user_id, created_at)`);
    await runner.query(`
      CREATE TABLE rewards.balances (
        user_id uuid PRIMARY KEY,
        points integer NOT NULL CHECK (points >= 0),
        version integer NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE rewards.user_tiers (
        user_id uuid PRIMARY KEY,
        tier text NOT NULL,
        version integer NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE rewards.user_tiers`);
    await runner.query(`DROP TABLE rewards.balances`);
    await runner.query(`DROP TABLE rewards.ledger_entries`);
  }
}
