import { MigrationInterface, QueryRunner } from 'typeorm';

/** The Profile Frame perk (docs/product-rules.md, "Perks"): a golden frame on the member's picture, for good. */
export class ProfileFrame1764300000180 implements MigrationInterface {
  name = 'ProfileFrame1764300000180';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.users ADD COLUMN profile_frame boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.users DROP COLUMN profile_frame`);
  }
}
