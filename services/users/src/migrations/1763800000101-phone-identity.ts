import { MigrationInterface, QueryRunner } from 'typeorm';

/** Phone sign-in and verification: the account's phone, verification state, admin flag, one-time codes. */
export class PhoneIdentity1763800000101 implements MigrationInterface {
  name = 'PhoneIdentity1763800000101';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE users.users
        ADD COLUMN phone text UNIQUE,
        ADD COLUMN verified_name text,
        ADD COLUMN verified_email text,
        ADD COLUMN verification_date timestamptz,
        ADD COLUMN verification_submitted_at timestamptz,
        ADD COLUMN is_admin boolean NOT NULL DEFAULT false,
        ADD COLUMN sms_subscribed boolean NOT NULL DEFAULT false`);
    await runner.query(`
      CREATE TABLE users.phone_codes (
        id uuid PRIMARY KEY,
        phone text NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('login', 'verify')),
        -- HMAC of the code: a stolen table does not give codes away.
        code_hash text NOT NULL,
        user_id uuid REFERENCES users.users(id) ON DELETE CASCADE,
        pending_name text,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        dead_at timestamptz
      )`);
    await runner.query(`CREATE INDEX phone_codes_lookup ON users.phone_codes (phone, purpose, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE users.phone_codes`);
    await runner.query(`
      ALTER TABLE users.users DROP COLUMN phone, DROP COLUMN verified_name, DROP COLUMN verified_email,
        DROP COLUMN verification_date, DROP COLUMN verification_submitted_at, DROP COLUMN is_admin, DROP COLUMN sms_subscribed`);
  }
}
