import { MigrationInterface, QueryRunner } from 'typeorm';

/** A member may show the name Curbside made up instead of their first name (docs/product-rules.md, "Public name"). */
export class PublicName1764500000180 implements MigrationInterface {
  name = 'PublicName1764500000180';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.users ADD COLUMN use_generated_name boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.users DROP COLUMN use_generated_name`);
  }
}
