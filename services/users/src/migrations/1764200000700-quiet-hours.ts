import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each member's quiet hours ('off' or 'HH:MM-HH:MM' local; null: the default), sent with their settings to notifications. */
export class QuietHours1764200000700 implements MigrationInterface {
  name = 'QuietHours1764200000700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE users.users ADD COLUMN quiet_hours text CHECK (quiet_hours ~ '^(off|([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9])$')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.users DROP COLUMN quiet_hours`);
  }
}
