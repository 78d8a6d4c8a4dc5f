import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderation (docs/product-rules.md, Moderation): reports of items, comments and members; content in "pending
 * review" (`in_review`: hidden from everyone but its poster); the review cases with their automated flags,
 * decisions and appeals; and the moderator log, which the database keeps append-only.
 */
export class Moderation1764200000350 implements MigrationInterface {
  name = 'Moderation1764200000350';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE items.items
        ADD COLUMN in_review boolean NOT NULL DEFAULT false,
        -- held by the checks before anyone heard of it: item.posted leaves when a moderator restores it
        ADD COLUMN unannounced boolean NOT NULL DEFAULT false`);
    await runner.query(`
      ALTER TABLE items.comments
        ADD COLUMN in_review boolean NOT NULL DEFAULT false,
        ADD COLUMN unannounced boolean NOT NULL DEFAULT false,
        ADD COLUMN removed_at timestamptz`);
    await runner.query(`
      ALTER TABLE items.handover_messages
        ADD COLUMN in_review boolean NOT NULL DEFAULT false`);
    // Accounts items heard of before this migration are at least as old as it.
    await runner.query(`
      ALTER TABLE items.posters
        ADD COLUMN in_review boolean NOT NULL DEFAULT false,
        ADD COLUMN account_created_at timestamptz NOT NULL DEFAULT now()`);
    await runner.query(`CREATE INDEX posters_in_review ON items.posters (user_id) WHERE in_review`);

    await runner.query(`
      ALTER TABLE items.reports
        ADD COLUMN target_type text CHECK (target_type IN ('item', 'comment', 'member')),
        ADD COLUMN target_id uuid,
        ADD COLUMN case_id uuid,
        -- what a moderator made of it: upheld (remove, warn) or overruled (approve)
        ADD COLUMN outcome text CHECK (outcome IN ('upheld', 'overruled')),
        ADD COLUMN outcome_at timestamptz`);
    await runner.query(`UPDATE items.reports SET target_type = 'item', target_id = reported_item_id`);
    await runner.query(
      `ALTER TABLE items.reports ALTER COLUMN target_type SET NOT NULL, ALTER COLUMN target_id SET NOT NULL, ALTER COLUMN reported_item_id DROP NOT NULL`,
    );
    await runner.query(`ALTER TABLE items.reports DROP CONSTRAINT reports_reporter_id_reported_item_id_key`);
    await runner.query(`CREATE UNIQUE INDEX reports_one_per_target ON items.reports (reporter_id, target_type, target_id)`);
    await runner.query(`CREATE INDEX reports_target ON items.reports (target_type, target_id, created_at)`);
    await runner.query(`CREATE INDEX reports_overruled ON items.reports (reporter_id, outcome_at) WHERE outcome = 'overruled'`);

    await runner.query(`
      CREATE TABLE items.moderation_cases (
        id uuid PRIMARY KEY,
        target_type text NOT NULL CHECK (target_type IN ('item', 'comment', 'member', 'message')),
        target_id uuid NOT NULL,
        item_id uuid,
        subject_user_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'decided', 'appealed', 'closed')),
        hidden boolean NOT NULL DEFAULT false,
        opened_by text NOT NULL CHECK (opened_by IN ('reports', 'checks')),
        flags jsonb NOT NULL DEFAULT '[]',
        opened_at timestamptz NOT NULL DEFAULT now(),
        decision text CHECK (decision IN ('approve', 'remove', 'warn')),
        decision_reason text,
        decided_by uuid,
        decided_at timestamptz,
        appeal_reason text,
        appealed_at timestamptz,
        appeal_outcome text CHECK (appeal_outcome IN ('upheld', 'overturned')),
        appeal_reply text,
        appeal_decided_by uuid,
        appeal_decided_at timestamptz
      )`);
    await runner.query(`CREATE UNIQUE INDEX moderation_cases_one_open ON items.moderation_cases (target_type, target_id) WHERE status = 'open'`);
    await runner.query(`CREATE INDEX moderation_cases_target ON items.moderation_cases (target_type, target_id, decided_at)`);
    await runner.query(`CREATE INDEX moderation_cases_queue ON items.moderation_cases (status, opened_at)`);
    await runner.query(`CREATE INDEX moderation_cases_subject ON items.moderation_cases (subject_user_id)`);

    await runner.query(`
      CREATE TABLE items.moderation_log (
        id uuid PRIMARY KEY,
        case_id uuid NOT NULL REFERENCES items.moderation_cases(id),
        actor_id uuid NOT NULL,
        action text NOT NULL CHECK (action IN ('approve', 'remove', 'warn', 'appeal', 'uphold', 'overturn')),
        reason text NOT NULL CHECK (char_length(reason) > 0),
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX moderation_log_case ON items.moderation_log (case_id, at)`);
    await runner.query(`
      CREATE FUNCTION items.moderation_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the moderator log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await runner.query(`
      CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE ON items.moderation_log
        FOR EACH ROW EXECUTE FUNCTION items.moderation_log_is_append_only()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.moderation_log`);
    await runner.query(`DROP FUNCTION items.moderation_log_is_append_only()`);
    await runner.query(`DROP TABLE items.moderation_cases`);
    await runner.query(`DROP INDEX items.reports_overruled`);
    await runner.query(`DROP INDEX items.reports_target`);
    await runner.query(`DROP INDEX items.reports_one_per_target`);
    await runner.query(`DELETE FROM items.reports WHERE target_type <> 'item'`);
    await runner.query(
      `ALTER TABLE items.reports ALTER COLUMN reported_item_id SET NOT NULL, ADD CONSTRAINT reports_reporter_id_reported_item_id_key UNIQUE (reporter_id, reported_item_id)`,
    );
    await runner.query(
      `ALTER TABLE items.reports DROP COLUMN target_type, DROP COLUMN target_id, DROP COLUMN case_id, DROP COLUMN outcome, DROP COLUMN outcome_at`,
    );
    await runner.query(`DROP INDEX items.posters_in_review`);
    await runner.query(`ALTER TABLE items.posters DROP COLUMN in_review, DROP COLUMN account_created_at`);
    await runner.query(`ALTER TABLE items.handover_messages DROP COLUMN in_review`);
    await runner.query(`ALTER TABLE items.comments DROP COLUMN in_review, DROP COLUMN unannounced, DROP COLUMN removed_at`);
    await runner.query(`ALTER TABLE items.items DROP COLUMN in_review, DROP COLUMN unannounced`);
  }
}
