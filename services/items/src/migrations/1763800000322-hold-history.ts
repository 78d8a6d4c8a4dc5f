import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every first-dibs hold and how it ended (docs/product-rules.md, "No-shows"): picked up, lapsed (a no-show),
 * released (released_early within its first 10 minutes, which does not count), or ended with its item (gone).
 * Reliability and hold suspensions are read from it.
 */
export class HoldHistory1763800000322 implements MigrationInterface {
  name = 'HoldHistory1763800000322';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE items.holds (
      id bigserial PRIMARY KEY,
      item_id uuid NOT NULL,
      user_id uuid NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      outcome text CHECK (outcome IN ('picked_up', 'lapsed', 'released', 'released_early', 'gone'))
    )`);
    await runner.query(`CREATE INDEX holds_member ON items.holds (user_id, started_at)`);
    await runner.query(`CREATE UNIQUE INDEX holds_open ON items.holds (item_id, user_id) WHERE ended_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.holds`);
  }
}
