import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wanted posts under moderation, and pickups of removed items (docs/product-rules.md, Moderation and Impact).
 *
 * A wanted post (a public saved search) can be reported and held like a post: `in_review` hides it from everyone but
 * its author, `removed_at` marks a moderator's removal (it is no longer public; an overturned appeal makes it public
 * again). Reports and cases name it with the target type `wanted`.
 *
 * A pickup of an item a moderator removes stops counting: its ledger row is marked `removed` (only a counted row
 * is, by a conditional UPDATE, so it happens once) and counts again if an appeal restores the item. The area's
 * weekly sums follow through the triggers below: the one that adds a pickup also adds it back, and a new one takes
 * it out (the row goes when its last pickup does, as the sums never hold zero).
 */
export class WantedModeration1764500000396 implements MigrationInterface {
  name = 'WantedModeration1764500000396';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.saved_searches ADD COLUMN in_review boolean NOT NULL DEFAULT false, ADD COLUMN removed_at timestamptz`);
    await runner.query(`ALTER TABLE items.reports DROP CONSTRAINT reports_target_type_check`);
    await runner.query(`ALTER TABLE items.reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('item', 'comment', 'member', 'wanted'))`);
    await runner.query(`ALTER TABLE items.moderation_cases DROP CONSTRAINT moderation_cases_target_type_check`);
    await runner.query(
      `ALTER TABLE items.moderation_cases ADD CONSTRAINT moderation_cases_target_type_check CHECK (target_type IN ('item', 'comment', 'member', 'message', 'wanted'))`,
    );

    await runner.query(`ALTER TABLE items.impact_pickups DROP CONSTRAINT impact_pickups_not_counted_because_check`);
    await runner.query(`
      ALTER TABLE items.impact_pickups ADD CONSTRAINT impact_pickups_not_counted_because_check
        CHECK (not_counted_because IN ('own_item', 'shared_device', 'account_newer_than_post', 'pair_limit', 'removed'))`);
    await runner.query(`
      CREATE FUNCTION items.take_pickup_from_area_week() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        week date := date_trunc('week', OLD.picked_up_at AT TIME ZONE 'UTC')::date;
      BEGIN
        DELETE FROM items.impact_area_weeks
          WHERE cell_wide = OLD.cell_wide AND week_start = week AND category = OLD.category AND pickups = 1;
        IF NOT FOUND THEN
          UPDATE items.impact_area_weeks
            SET pickups = pickups - 1, kg = kg - OLD.kg, co2e_kg = co2e_kg - OLD.co2e_kg
            WHERE cell_wide = OLD.cell_wide AND week_start = week AND category = OLD.category;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER impact_pickups_take_from_area_week AFTER UPDATE OF not_counted_because ON items.impact_pickups
        FOR EACH ROW WHEN (OLD.not_counted_because IS NULL AND NEW.not_counted_because IS NOT NULL)
        EXECUTE FUNCTION items.take_pickup_from_area_week()`);
    await runner.query(`
      CREATE TRIGGER impact_pickups_add_back_to_area_week AFTER UPDATE OF not_counted_because ON items.impact_pickups
        FOR EACH ROW WHEN (OLD.not_counted_because IS NOT NULL AND NEW.not_counted_because IS NULL)
        EXECUTE FUNCTION items.add_pickup_to_area_week()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER impact_pickups_add_back_to_area_week ON items.impact_pickups`);
    await runner.query(`DROP TRIGGER impact_pickups_take_from_area_week ON items.impact_pickups`);
    await runner.query(`DROP FUNCTION items.take_pickup_from_area_week()`);
    await runner.query(`UPDATE items.impact_pickups SET not_counted_because = NULL WHERE not_counted_because = 'removed'`);
    await runner.query(`ALTER TABLE items.impact_pickups DROP CONSTRAINT impact_pickups_not_counted_because_check`);
    await runner.query(`
      ALTER TABLE items.impact_pickups ADD CONSTRAINT impact_pickups_not_counted_because_check
        CHECK (not_counted_because IN ('own_item', 'shared_device', 'account_newer_than_post', 'pair_limit'))`);
    await runner.query(`ALTER TABLE items.moderation_cases DROP CONSTRAINT moderation_cases_target_type_check`);
    await runner.query(
      `ALTER TABLE items.moderation_cases ADD CONSTRAINT moderation_cases_target_type_check CHECK (target_type IN ('item', 'comment', 'member', 'message')) NOT VALID`,
    );
    await runner.query(`DELETE FROM items.reports WHERE target_type = 'wanted'`);
    await runner.query(`ALTER TABLE items.reports DROP CONSTRAINT reports_target_type_check`);
    await runner.query(`ALTER TABLE items.reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('item', 'comment', 'member'))`);
    await runner.query(`ALTER TABLE items.saved_searches DROP COLUMN in_review, DROP COLUMN removed_at`);
  }
}
