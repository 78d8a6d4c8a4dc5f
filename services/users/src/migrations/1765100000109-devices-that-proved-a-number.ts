import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The browsers that typed a right code for a number (`device`: the SHA-256 of the gateway's device cookie), and when
 * last. Such a browser has shown it gets the number's texts: a number's hourly ceiling from everybody does not stop its
 * codes (PhoneCodesService.issue), so strangers asking from many networks cannot keep the owner from signing in again
 * on a phone or computer they used before.
 */
export class DevicesThatProvedANumber1765100000109 implements MigrationInterface {
  name = 'DevicesThatProvedANumber1765100000109';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE users.phone_devices (phone text NOT NULL, device text NOT NULL, proven_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (phone, device))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE users.phone_devices`);
  }
}
