import { MigrationInterface, QueryRunner } from 'typeorm';

/** The hour's texted codes, all numbers together, counted for the SMS budget (SMS_CODES_PER_HOUR) on every code sent. */
export class TextedCodesIndex1765000000106 implements MigrationInterface {
  name = 'TextedCodesIndex1765000000106';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX phone_codes_texted ON users.phone_codes (created_at) WHERE texted`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX users.phone_codes_texted`);
  }
}
