import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Item alerts show in the app on the member's plan's timing too (DESIGN §6: free 15 minutes after the post, in-app
 * and push): each notification's time to show (`visible_at`; now for everything else), whether a personal alert
 * asked to be immediate (kept for re-decisions when settings arrive late), and 'app' as a delivery channel: a held
 * alert released to the live stream once, however often its delivery job runs.
 */
export class InAppTiming1764400000703 implements MigrationInterface {
  name = 'InAppTiming1764400000703';

  async up(runner: QueryRunner): Promise<void> {
    // now() is stable: existing rows take it without a rewrite of the table, and were shown already.
    await runner.query(`ALTER TABLE notifications.notifications ADD COLUMN visible_at timestamptz NOT NULL DEFAULT now()`);
    await runner.query(`ALTER TABLE notifications.personal_alerts ADD COLUMN immediate boolean NOT NULL DEFAULT false`);
    await runner.query(`ALTER TABLE notifications.deliveries DROP CONSTRAINT deliveries_channel_check`);
    await runner.query(`ALTER TABLE notifications.deliveries ADD CONSTRAINT deliveries_channel_check CHECK (channel IN ('app', 'push', 'email', 'sms'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM notifications.deliveries WHERE channel = 'app'`);
    await runner.query(`ALTER TABLE notifications.deliveries DROP CONSTRAINT deliveries_channel_check`);
    await runner.query(`ALTER TABLE notifications.deliveries ADD CONSTRAINT deliveries_channel_check CHECK (channel IN ('push', 'email', 'sms'))`);
    await runner.query(`ALTER TABLE notifications.personal_alerts DROP COLUMN immediate`);
    await runner.query(`ALTER TABLE notifications.notifications DROP COLUMN visible_at`);
  }
}
