import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pro members' alerts are sent first (docs/product-rules.md, "Alert timing and channels"). A post that reaches a city
 * is written in slices by member id (NotificationsService.fanOutNearby), so without more a Pro member whose id falls in
 * the last slice got the alert seconds after Premium members in the first. Such a post now writes its Pro members
 * first, in a pass of their own, and finds them through a partial GiST index on their positions.
 *
 * Like `reach_miles` (…708-member-reach.ts), `may_be_pro` holds for every settings version the member has kept: it is
 * true while any of them was on Pro, so it covers whoever was on Pro at the time of any alert still to be decided; the
 * pass itself keeps only those on Pro as of the post. The same two triggers keep both columns.
 */
export class ProMembersFirst1765200000712 implements MigrationInterface {
  name = 'ProMembersFirst1765200000712';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE FUNCTION notifications.may_be_pro(member uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT EXISTS (SELECT 1 FROM notifications.member_versions v WHERE v.user_id = member AND v.tier = 'pro')
      $$`);
    await runner.query(`ALTER TABLE notifications.positions ADD COLUMN may_be_pro boolean NOT NULL DEFAULT false`);
    await runner.query(`UPDATE notifications.positions SET may_be_pro = true WHERE notifications.may_be_pro(user_id)`);
    await runner.query(`CREATE INDEX positions_pro ON notifications.positions USING gist (earth_pos) WHERE may_be_pro`);
    await runner.query(`
      CREATE OR REPLACE FUNCTION notifications.position_takes_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.reach_miles := notifications.reach_miles(NEW.user_id);
        NEW.may_be_pro := notifications.may_be_pro(NEW.user_id);
        RETURN NEW;
      END $$`);
    await runner.query(`
      CREATE OR REPLACE FUNCTION notifications.versions_set_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE notifications.positions p SET reach_miles = r.reach, may_be_pro = r.pro
        FROM (SELECT m.user_id, notifications.reach_miles(m.user_id) AS reach, notifications.may_be_pro(m.user_id) AS pro
              FROM (SELECT DISTINCT user_id FROM added) m) r
        WHERE p.user_id = r.user_id AND (p.reach_miles <> r.reach OR p.may_be_pro <> r.pro);
        RETURN NULL;
      END $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    // The two trigger functions back as …708-member-reach.ts made them, word for word: a migration restores what was.
    await runner.query(`
      CREATE OR REPLACE FUNCTION notifications.versions_set_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE notifications.positions p SET reach_miles = r.reach
        FROM (SELECT m.user_id, notifications.reach_miles(m.user_id) AS reach FROM (SELECT DISTINCT user_id FROM added) m) r
        WHERE p.user_id = r.user_id AND p.reach_miles <> r.reach;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE OR REPLACE FUNCTION notifications.position_takes_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.reach_miles := notifications.reach_miles(NEW.user_id);
        RETURN NEW;
      END $$`);
    await runner.query(`DROP INDEX notifications.positions_pro`);
    await runner.query(`ALTER TABLE notifications.positions DROP COLUMN may_be_pro`);
    await runner.query(`DROP FUNCTION notifications.may_be_pro(uuid)`);
  }
}
