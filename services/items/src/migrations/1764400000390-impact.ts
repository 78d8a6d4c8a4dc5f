import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Impact (docs/product-rules.md, "Impact" and "Fairness"): one row per verified pickup, written in the claim's
 * transaction, keyed by the item (an item is picked up once, so a repeat writes nothing). The weight and CO₂e are
 * stored as they were estimated then: a later change of the table does not rewrite history. A pickup that must not
 * count (a throwaway's) is kept with its reason, and every sum reads only the counted ones. `numeric` keeps the
 * sums exact.
 */
export class Impact1764400000390 implements MigrationInterface {
  name = 'Impact1764400000390';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE items.impact_pickups (
        item_id uuid PRIMARY KEY,
        poster_id uuid NOT NULL,
        picker_id uuid NOT NULL,
        category text NOT NULL,
        kg numeric(10, 2) NOT NULL CHECK (kg > 0),
        co2e_kg numeric(10, 2) NOT NULL CHECK (co2e_kg > 0),
        -- the item's wide grid cell (items.cell_wide): the area it counts in
        cell_wide integer NOT NULL,
        picked_up_at timestamptz NOT NULL,
        not_counted_because text CHECK (not_counted_because IN ('own_item', 'account_newer_than_post', 'pair_limit')),
        counted boolean GENERATED ALWAYS AS (not_counted_because IS NULL) STORED
      )`);
    // An area's weeks, categories and pickers: an index-only walk of the area's recent counted pickups.
    await runner.query(`CREATE INDEX impact_area ON items.impact_pickups (cell_wide, picked_up_at) INCLUDE (category, picker_id, kg, co2e_kg) WHERE counted`);
    await runner.query(`CREATE INDEX impact_given ON items.impact_pickups (poster_id) INCLUDE (kg, co2e_kg) WHERE counted`);
    // A member's pickups, and a pair's within the window (the claim reads it under the picker's lock).
    await runner.query(`CREATE INDEX impact_picked ON items.impact_pickups (picker_id, picked_up_at) INCLUDE (poster_id, kg, co2e_kg) WHERE counted`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.impact_pickups`);
  }
}
