import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A phone code names the browser that asked for it (`device`: the gateway's device cookie, as RpcMeta.device hands it
 * over; '' when none came), and only that browser's tries are weighed against it (docs/security.md, "Phone codes").
 * Before, five wrong tries from anybody ended every live code of the number: a stranger typing guesses could keep
 * the owner from signing in, and each guess was a try at the owner's code.
 */
export class CodesOfADevice1765100000108 implements MigrationInterface {
  name = 'CodesOfADevice1765100000108';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.phone_codes ADD COLUMN device text NOT NULL DEFAULT ''`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.phone_codes DROP COLUMN device`);
  }
}
