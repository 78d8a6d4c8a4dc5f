import { MigrationInterface, QueryRunner } from 'typeorm';

/** Which stored photo each passed pickup check refers to, so unused ones can be deleted after a day. */
export class PickupPhotoKeys1763800000304 implements MigrationInterface {
  name = 'PickupPhotoKeys1763800000304';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.pickup_validations ADD COLUMN photo_key text`);
    await runner.query(`CREATE INDEX pickup_validations_unused ON items.pickup_validations (created_at) WHERE used_at IS NULL AND photo_key IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.pickup_validations DROP COLUMN photo_key`);
  }
}
