import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery jobs kept in the database from the write that asks for them until they have run (src/delivery): a job the
 * queue lost (Redis unreachable when it was added, or the embedded app's in-memory queue at a restart) is queued
 * again by a sweep, so a held alert still shows in the open streams and its pushes and mails still leave.
 */
export class DeliveryJobs1764700000706 implements MigrationInterface {
  name = 'DeliveryJobs1764700000706';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE notifications.delivery_jobs (
        id text PRIMARY KEY,
        ids uuid[] NOT NULL,
        due_at timestamptz NOT NULL,
        requeues integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX delivery_jobs_due ON notifications.delivery_jobs (due_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE notifications.delivery_jobs`);
  }
}
