import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whose post raised a nearby alert (`poster_id`, new-item alerts only): a member's posts alert their neighbours for at
 * most ten posts in any 24 hours (docs/product-rules.md, "Alert timing and channels"), so one account cannot push a neighbourhood an alert a
 * second. The partial index answers the count of a poster's alerting posts of the last day.
 */
export class AlertingPosts1765000000710 implements MigrationInterface {
  name = 'AlertingPosts1765000000710';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.nearby_alerts ADD COLUMN poster_id uuid`);
    await runner.query(`CREATE INDEX nearby_alerts_poster ON notifications.nearby_alerts (poster_id, occurred_at) WHERE poster_id IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.nearby_alerts DROP COLUMN poster_id`);
  }
}
