import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which items show a photo, found through an index: a new post may not show a photo another member's post shows, and
 * deleting a post deletes its photo's files only when no other post shows it (ItemsService). Any well-formed photo
 * URL passed the schema, so a member could put a neighbour's photo URL on a post of their own, delete that post, and
 * with it the neighbour's photo. Most items have no photo or one of their own, so the index holds few duplicates.
 */
export class ItemPhotoIndex1765000000405 implements MigrationInterface {
  name = 'ItemPhotoIndex1765000000405';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX items_image_url ON items.items (image_url) WHERE image_url IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX items.items_image_url`);
  }
}
