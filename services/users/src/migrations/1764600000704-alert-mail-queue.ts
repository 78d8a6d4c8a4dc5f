import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alert mails wait here until the mail server takes them (docs/product-rules.md, "Alert timing and channels"): written
 * in the transaction that decides them, sent after it commits, and tried again later when the server refuses or
 * cannot be reached. `next_attempt_at` is also the lease of a sender that took the mail (another replica leaves it
 * alone until then); a mail the server took is deleted, one older than an alert is worth is given up.
 */
export class AlertMailQueue1764600000704 implements MigrationInterface {
  name = 'AlertMailQueue1764600000704';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users.alert_mail_queue (
        id uuid PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX alert_mail_queue_due ON users.alert_mail_queue (next_attempt_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE users.alert_mail_queue`);
  }
}
