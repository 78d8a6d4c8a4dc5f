import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What went to which address: confirmation mails by address (the per-address limit is counted from them, whoever
 * asked) and alert mails by notification (a redelivered request mails nobody twice).
 */
export class MailRecords1764400000702 implements MigrationInterface {
  name = 'MailRecords1764400000702';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users.confirmation_mails (
        address text NOT NULL,
        user_id uuid NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX confirmation_mails_address ON users.confirmation_mails (address, sent_at DESC)`);
    await runner.query(`
      CREATE TABLE users.mailed_alerts (
        notification_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX mailed_alerts_created ON users.mailed_alerts (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE users.mailed_alerts`);
    await runner.query(`DROP TABLE users.confirmation_mails`);
  }
}
