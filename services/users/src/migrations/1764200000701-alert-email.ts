import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The address alert e-mails go to (docs/security.md): unconfirmed until the link mailed to it is used (a hashed
 * token valid 24 hours), and a token of its own per member for the one-click unsubscribe link in every alert mail.
 */
export class AlertEmail1764200000701 implements MigrationInterface {
  name = 'AlertEmail1764200000701';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE users.users
        ADD COLUMN alert_email text,
        ADD COLUMN alert_email_confirmed_at timestamptz,
        ADD COLUMN alert_email_token_hash text UNIQUE,
        ADD COLUMN alert_email_token_expires_at timestamptz,
        ADD COLUMN unsubscribe_token text UNIQUE`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE users.users DROP COLUMN alert_email, DROP COLUMN alert_email_confirmed_at, DROP COLUMN alert_email_token_hash,
        DROP COLUMN alert_email_token_expires_at, DROP COLUMN unsubscribe_token`);
  }
}
