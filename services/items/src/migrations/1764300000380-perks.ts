import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Perks that act on items (docs/product-rules.md, "Perks"), kept from rewards' `perk.used` events: spotlights (a post
 * shown first in nearby feeds until `ends_at`) and armed hold extensions (the member's next hold lasts longer).
 * Both keyed by the redemption, so a replayed event changes nothing.
 */
export class Perks1764300000380 implements MigrationInterface {
  name = 'Perks1764300000380';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE items.spotlights (
        redemption_id uuid PRIMARY KEY,
        item_id uuid NOT NULL REFERENCES items.items (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        started_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL
      )`);
    // The feed reads the running ones, newest first; few run at any time, so a scan of this index is short.
    await runner.query(`CREATE INDEX spotlights_running ON items.spotlights (ends_at, started_at DESC)`);
    await runner.query(`CREATE INDEX spotlights_item ON items.spotlights (item_id, ends_at)`);
    await runner.query(`
      CREATE TABLE items.hold_extensions (
        redemption_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        minutes integer NOT NULL CHECK (minutes > 0),
        armed_at timestamptz NOT NULL,
        used_at timestamptz,
        used_on_item uuid
      )`);
    await runner.query(`CREATE INDEX hold_extensions_armed ON items.hold_extensions (user_id, armed_at) WHERE used_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.hold_extensions`);
    await runner.query(`DROP TABLE items.spotlights`);
  }
}
