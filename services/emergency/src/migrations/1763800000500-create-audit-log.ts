import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The emergency audit log: append-only. A trigger refuses UPDATE, DELETE and TRUNCATE for every role the app
 * connects as; only a superuser who disables the trigger can change it, and the hash chain shows that.
 */
export class CreateAuditLog1763800000500 implements MigrationInterface {
  name = 'CreateAuditLog1763800000500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE emergency.audit_log (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        admin_user_id uuid,
        target_user_id uuid,
        search_type text,
        reason text NOT NULL,
        law_enforcement_case text,
        outcome text NOT NULL CHECK (outcome IN ('granted', 'refused', 'locked')),
        detail text NOT NULL,
        request_id text NOT NULL,
        created_at timestamptz NOT NULL,
        previous_hash text NOT NULL,
        hash text NOT NULL UNIQUE
      )`);
    await runner.query(`CREATE INDEX audit_log_admin_failures ON emergency.audit_log (admin_user_id, created_at) WHERE detail = 'wrong_password'`);
    await runner.query(`
      CREATE FUNCTION emergency.refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the emergency audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await runner.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON emergency.audit_log
      FOR EACH ROW EXECUTE FUNCTION emergency.refuse_audit_change()`);
    await runner.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON emergency.audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION emergency.refuse_audit_change()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE emergency.audit_log`);
    await runner.query(`DROP FUNCTION emergency.refuse_audit_change()`);
  }
}
