import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who asked for each code (an HMAC of the client's address, never the address itself): quotas per requester
 * and number, so a stranger asking for codes cannot lock a number's owner out of signing in.
 */
export class CodeRequester1763800000102 implements MigrationInterface {
  name = 'CodeRequester1763800000102';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.phone_codes ADD COLUMN requester text NOT NULL DEFAULT ''`);
    await runner.query(`CREATE INDEX phone_codes_requester ON users.phone_codes (phone, requester, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX users.phone_codes_requester`);
    await runner.query(`ALTER TABLE users.phone_codes DROP COLUMN requester`);
  }
}
