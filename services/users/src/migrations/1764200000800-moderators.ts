import { MigrationInterface, QueryRunner } from 'typeorm';

/** The moderator role (docs/security.md, Moderation): granted by the operator command like administrator rights. */
export class Moderators1764200000800 implements MigrationInterface {
  name = 'Moderators1764200000800';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.users ADD COLUMN is_moderator boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.users DROP COLUMN is_moderator`);
  }
}
