import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live stream's cursor: each notification gets a number that only grows, so a browser reconnecting with the
 * last one it saw (Last-Event-ID) gets exactly the ones written after it.
 */
export class LiveStream1763800000402 implements MigrationInterface {
  name = 'LiveStream1763800000402';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.notifications ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`);
    await runner.query(`CREATE INDEX notifications_user_seq ON notifications.notifications (user_id, seq)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.notifications DROP COLUMN seq`);
  }
}
