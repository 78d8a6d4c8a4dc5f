import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Nearby alerts: each member's alert radius and plan (from user events) and last known position (reported by the
 * client when it loads the feed; kept only for alerts, never shown to anybody), with a GiST index on its earth
 * point so the members around a new item are found by the index, not by a scan.
 */
export class NearbyAlerts1763800000401 implements MigrationInterface {
  name = 'NearbyAlerts1763800000401';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.members ADD COLUMN radius_miles float8 NOT NULL DEFAULT 2, ADD COLUMN tier text NOT NULL DEFAULT 'free'`);
    await runner.query(`
      CREATE TABLE notifications.positions (
        user_id uuid PRIMARY KEY,
        lat float8 NOT NULL,
        lng float8 NOT NULL,
        earth_pos cube GENERATED ALWAYS AS (ll_to_earth(lat, lng)) STORED,
        reported_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX positions_earth ON notifications.positions USING gist (earth_pos)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE notifications.positions`);
    await runner.query(`ALTER TABLE notifications.members DROP COLUMN radius_miles, DROP COLUMN tier`);
  }
}
