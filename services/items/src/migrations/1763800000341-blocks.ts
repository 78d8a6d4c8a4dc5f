import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The items service's copy of the users service's blocks (docs/product-rules.md, Blocking), fed by
 * user.block-changed: the newest version of each pair wins, whatever order changes arrive in. Enforcement
 * (holds, claims, comments, messages, the queue) and the blocker's lists read it in the same database.
 */
export class Blocks1763800000341 implements MigrationInterface {
  name = 'Blocks1763800000341';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE items.blocks (
        blocker_id uuid NOT NULL,
        blocked_id uuid NOT NULL,
        blocked boolean NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (blocker_id, blocked_id)
      )`);
    await runner.query(`CREATE INDEX blocks_blocked ON items.blocks (blocked_id) WHERE blocked`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.blocks`);
  }
}
