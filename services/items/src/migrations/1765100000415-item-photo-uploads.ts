import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The item photos the gateway was told to store (POST /api/upload asks items.expect-item-photo first), with who sent
 * them: a photo that no post shows a day later (the member never posted, or posted without it) is deleted with its
 * thumbnail by ItemPhotosService.sweepUnposted. A photo of a home or a face sent by mistake does not stay for ever.
 */
export class ItemPhotoUploads1765100000415 implements MigrationInterface {
  name = 'ItemPhotoUploads1765100000415';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE items.photo_uploads (photo_key text PRIMARY KEY, user_id uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`CREATE INDEX photo_uploads_age ON items.photo_uploads (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.photo_uploads`);
  }
}
