import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each member edited a comment, kept for an hour: edits are counted per member (COMMENT_EDITS_PER_HOUR), as
 * every edit is read by the automated checks again and, unlimited, let one account spend the moderation service's
 * quota for everyone.
 */
export class CommentEdits1765000000412 implements MigrationInterface {
  name = 'CommentEdits1765000000412';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE items.comment_edits (user_id uuid NOT NULL, edited_at timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`CREATE INDEX comment_edits_member ON items.comment_edits (user_id, edited_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.comment_edits`);
  }
}
