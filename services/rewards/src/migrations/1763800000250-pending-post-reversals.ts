import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post's withdrawal (item.deleted, item.removed) can be delivered before its credit (item.posted): the two are
 * different subjects, and JetStream orders a subject, not the stream. Such a withdrawal is kept here until the
 * credit arrives, which then takes its points back in its own transaction (LedgerService.creditPost).
 */
export class PendingPostReversals1763800000250 implements MigrationInterface {
  name = 'PendingPostReversals1763800000250';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE rewards.pending_post_reversals (
        item_id uuid NOT NULL,
        source_event_id uuid NOT NULL,
        withdrawn_at timestamptz NOT NULL,
        -- Deleted by its poster: reversed only within an hour of posting. Removed after reports: reversed whenever.
        hour_rule boolean NOT NULL,
        PRIMARY KEY (item_id, source_event_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE rewards.pending_post_reversals`);
  }
}
