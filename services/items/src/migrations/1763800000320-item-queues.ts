import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The line behind a held item (docs/product-rules.md, "Queue"): one row per member and item, `position` an
 * arrival number unique per item (a member's place is their rank by it), so joins racing on one item cannot
 * share a place.
 */
export class ItemQueues1763800000320 implements MigrationInterface {
  name = 'ItemQueues1763800000320';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE items.item_queue (
      item_id uuid NOT NULL REFERENCES items.items (id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      position integer NOT NULL,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_id, user_id),
      CONSTRAINT item_queue_position UNIQUE (item_id, position)
    )`);
    await runner.query(`CREATE INDEX item_queue_member ON items.item_queue (user_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.item_queue`);
  }
}
