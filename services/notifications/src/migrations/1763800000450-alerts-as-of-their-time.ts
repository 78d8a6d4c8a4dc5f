import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a member gets an alert depends on their switches, radius and plan when the event happened, not on
 * whether user.updated or the event reached this service first (they are different subjects, delivered in any
 * order). Each member's settings are kept by version with the time they took effect, and each alert is kept as
 * what it would say and to whom it may go; an alert is written (or taken back) whenever either side arrives
 * (AlertsRepository).
 */
export class AlertsAsOfTheirTime1763800000450 implements MigrationInterface {
  name = 'AlertsAsOfTheirTime1763800000450';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE notifications.member_versions (
        user_id uuid NOT NULL,
        version integer NOT NULL,
        occurred_at timestamptz NOT NULL,
        flags jsonb NOT NULL,
        radius_miles float8 NOT NULL,
        tier text NOT NULL,
        PRIMARY KEY (user_id, version)
      )`);
    // What is already known stands as each member's settings since the beginning.
    await runner.query(`
      INSERT INTO notifications.member_versions (user_id, version, occurred_at, flags, radius_miles, tier)
      SELECT user_id, version, '-infinity', flags, radius_miles, tier FROM notifications.members`);
    await runner.query(`
      CREATE TABLE notifications.personal_alerts (
        source_event_id uuid NOT NULL,
        user_id uuid NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        data text NOT NULL,
        -- The switch that must be on; null: always told.
        flag text,
        occurred_at timestamptz NOT NULL,
        PRIMARY KEY (source_event_id, user_id, type)
      )`);
    await runner.query(`CREATE INDEX personal_alerts_user ON notifications.personal_alerts (user_id, occurred_at)`);
    await runner.query(`
      CREATE TABLE notifications.nearby_alerts (
        source_event_id uuid NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        message_template text NOT NULL,
        item_id uuid NOT NULL,
        item_title text NOT NULL,
        lat float8 NOT NULL,
        lng float8 NOT NULL,
        flag text NOT NULL,
        tiers text[],
        exclude_user_ids uuid[] NOT NULL,
        occurred_at timestamptz NOT NULL,
        PRIMARY KEY (source_event_id, type)
      )`);
    await runner.query(`CREATE INDEX nearby_alerts_time ON notifications.nearby_alerts (occurred_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE notifications.nearby_alerts`);
    await runner.query(`DROP TABLE notifications.personal_alerts`);
    await runner.query(`DROP TABLE notifications.member_versions`);
  }
}
