import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a code was texted. A verification code for a number that belongs to another account is issued (so the
 * answer and the requester's quotas are the same as for a free number) but never texted; such codes no longer count
 * toward the hourly ceiling that stops a number being texted more, so strangers cannot spend the owner's sign-in.
 */
export class UntextedCodes1765000000105 implements MigrationInterface {
  name = 'UntextedCodes1765000000105';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.phone_codes ADD COLUMN texted boolean NOT NULL DEFAULT true`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.phone_codes DROP COLUMN texted`);
  }
}
