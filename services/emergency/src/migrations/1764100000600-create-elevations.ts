import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Elevations opened by the emergency password (docs/security.md): one per session and admin, keyed by a hash of the
 * session token the gateway sends (never the token), until `expires_at`. Unlike the audit log this table may change:
 * an unlock again moves the expiry, and expired rows are deleted on the next unlock.
 */
export class CreateElevations1764100000600 implements MigrationInterface {
  name = 'CreateElevations1764100000600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE emergency.elevations (
        session_key text NOT NULL,
        admin_user_id uuid NOT NULL,
        audit_entry_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (session_key, admin_user_id)
      )`);
    await runner.query(`CREATE INDEX elevations_expiry ON emergency.elevations (expires_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE emergency.elevations`);
  }
}
