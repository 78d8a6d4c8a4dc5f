import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pickup photos the gateway was told to store (ClaimsService.assertPickupAdmissible names the key and writes it
 * here first), until their check has run: one whose check never ran (the items service was down, or the call ran out
 * of time before it started) is deleted by the daily sweep an hour later, like a pass no claim used.
 */
export class PickupUploads1765100000413 implements MigrationInterface {
  name = 'PickupUploads1765100000413';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE items.pickup_uploads (photo_key text PRIMARY KEY, user_id uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`CREATE INDEX pickup_uploads_age ON items.pickup_uploads (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.pickup_uploads`);
  }
}
