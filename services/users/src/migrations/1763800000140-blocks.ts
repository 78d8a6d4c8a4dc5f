import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blocks (docs/product-rules.md, Blocking): one row per pair, kept when unblocked so its version keeps growing and
 * readers elsewhere (the items service's copy) can tell a newer change from an older one.
 */
export class Blocks1763800000140 implements MigrationInterface {
  name = 'Blocks1763800000140';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users.blocks (
        blocker_id uuid NOT NULL REFERENCES users.users(id) ON DELETE CASCADE,
        blocked_id uuid NOT NULL REFERENCES users.users(id) ON DELETE CASCADE,
        blocked boolean NOT NULL,
        version bigint NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id),
        CHECK (blocker_id <> blocked_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE users.blocks`);
  }
}
