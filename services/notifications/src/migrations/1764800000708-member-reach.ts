import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each position carries its member's reach: the box around it of the widest alert radius the member's kept settings
 * versions hold (at least the default radius, 2 miles, which stands for a member whose settings as of an alert are not
 * known), with a GiST index. A nearby alert then finds the members whose own radius can hold the item by that index
 * (`reach @> point`), instead of every member within the widest radius anyone may choose (10 miles), most of a city,
 * to drop all but those within their own radius one by one (bench/README.md, "Alerts by each member's reach").
 * Triggers keep it: a position written or moved takes its member's reach, and settings versions recorded widen (or,
 * once older versions are forgotten, narrow) the reach of their members' positions, in the writing transaction.
 */
export class MemberReach1764800000708 implements MigrationInterface {
  name = 'MemberReach1764800000708';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE FUNCTION notifications.reach_miles(member uuid) RETURNS float8 LANGUAGE sql STABLE AS $$
        SELECT greatest(2, coalesce((SELECT max(v.radius_miles) FROM notifications.member_versions v WHERE v.user_id = member), 2))
      $$`);
    await runner.query(`ALTER TABLE notifications.positions ADD COLUMN reach_miles float8 NOT NULL DEFAULT 2`);
    await runner.query(`UPDATE notifications.positions SET reach_miles = notifications.reach_miles(user_id)`);
    await runner.query(
      `ALTER TABLE notifications.positions ADD COLUMN reach cube GENERATED ALWAYS AS (earth_box(ll_to_earth(lat, lng), reach_miles * 1609.344)) STORED`,
    );
    await runner.query(`CREATE INDEX positions_reach ON notifications.positions USING gist (reach)`);
    await runner.query(`
      CREATE FUNCTION notifications.position_takes_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.reach_miles := notifications.reach_miles(NEW.user_id);
        RETURN NEW;
      END $$`);
    await runner.query(`
      CREATE TRIGGER position_takes_reach BEFORE INSERT OR UPDATE OF lat, lng ON notifications.positions
      FOR EACH ROW EXECUTE FUNCTION notifications.position_takes_reach()`);
    await runner.query(`
      CREATE FUNCTION notifications.versions_set_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE notifications.positions p SET reach_miles = r.reach
        FROM (SELECT m.user_id, notifications.reach_miles(m.user_id) AS reach FROM (SELECT DISTINCT user_id FROM added) m) r
        WHERE p.user_id = r.user_id AND p.reach_miles <> r.reach;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER versions_set_reach AFTER INSERT ON notifications.member_versions
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notifications.versions_set_reach()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER versions_set_reach ON notifications.member_versions`);
    await runner.query(`DROP FUNCTION notifications.versions_set_reach()`);
    await runner.query(`DROP TRIGGER position_takes_reach ON notifications.positions`);
    await runner.query(`DROP FUNCTION notifications.position_takes_reach()`);
    await runner.query(`ALTER TABLE notifications.positions DROP COLUMN reach, DROP COLUMN reach_miles`);
    await runner.query(`DROP FUNCTION notifications.reach_miles(uuid)`);
  }
}
