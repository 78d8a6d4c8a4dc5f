import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Posts past a day's ten, kept until a withdrawal made before them frees a slot: delivered after them, that
 * withdrawal gives the slot to the first of them, as it would have had it been delivered first
 * (LedgerService.fillFreedSlot).
 */
export class UncreditedPosts1763800000251 implements MigrationInterface {
  name = 'UncreditedPosts1763800000251';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE rewards.uncredited_posts (
        item_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        reason text NOT NULL,
        amount integer NOT NULL,
        local_date date NOT NULL,
        created_at timestamptz NOT NULL,
        source_event_id uuid NOT NULL
      )`);
    await runner.query(`CREATE INDEX uncredited_posts_day ON rewards.uncredited_posts (user_id, local_date, created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE rewards.uncredited_posts`);
  }
}
