import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An area's counted pickups per week and category, kept by the database itself as each pickup enters the ledger
 * (an INSERT trigger on items.impact_pickups, in the claim's transaction): the area's page reads at most 12 × 12
 * rows instead of every pickup of 12 weeks (docs/scaling.md, "Impact"). The upsert takes the row's lock, so
 * pickups counted at once each add exactly once. The ledger is only ever inserted into; this table is what it sums
 * to, rebuilt here from whatever the ledger already holds.
 */
export class ImpactAreaWeeks1764400000394 implements MigrationInterface {
  name = 'ImpactAreaWeeks1764400000394';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE items.impact_area_weeks (
        cell_wide integer NOT NULL,
        -- Monday of the week, UTC
        week_start date NOT NULL,
        category text NOT NULL,
        pickups integer NOT NULL CHECK (pickups > 0),
        kg numeric(14, 2) NOT NULL,
        co2e_kg numeric(14, 2) NOT NULL,
        PRIMARY KEY (cell_wide, week_start, category)
      )`);
    await runner.query(`
      CREATE FUNCTION items.add_pickup_to_area_week() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO items.impact_area_weeks (cell_wide, week_start, category, pickups, kg, co2e_kg)
        VALUES (NEW.cell_wide, date_trunc('week', NEW.picked_up_at AT TIME ZONE 'UTC')::date, NEW.category, 1, NEW.kg, NEW.co2e_kg)
        ON CONFLICT (cell_wide, week_start, category) DO UPDATE
          SET pickups = impact_area_weeks.pickups + 1, kg = impact_area_weeks.kg + EXCLUDED.kg, co2e_kg = impact_area_weeks.co2e_kg + EXCLUDED.co2e_kg;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER impact_pickups_add_to_area_week AFTER INSERT ON items.impact_pickups
        FOR EACH ROW WHEN (NEW.counted) EXECUTE FUNCTION items.add_pickup_to_area_week()`);
    await runner.query(`
      INSERT INTO items.impact_area_weeks (cell_wide, week_start, category, pickups, kg, co2e_kg)
      SELECT cell_wide, date_trunc('week', picked_up_at AT TIME ZONE 'UTC')::date, category, count(*), sum(kg), sum(co2e_kg)
      FROM items.impact_pickups WHERE counted GROUP BY 1, 2, 3`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER impact_pickups_add_to_area_week ON items.impact_pickups`);
    await runner.query(`DROP FUNCTION items.add_pickup_to_area_week()`);
    await runner.query(`DROP TABLE items.impact_area_weeks`);
  }
}
