import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerts texted to members (SMS alerts switched on, a plan that has them): one row per notification, so a
 * redelivered request texts nobody twice, and the hourly cap is counted from the rows.
 */
export class TextedAlerts1763800000103 implements MigrationInterface {
  name = 'TextedAlerts1763800000103';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users.texted_alerts (
        notification_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        outcome text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX texted_alerts_user ON users.texted_alerts (user_id, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE users.texted_alerts`);
  }
}
