import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The session a browser subscribed to pushes in (`session_ref`, a digest naming it: libs/platform's sessionRefOfHash).
 * When that session ends (signed out, Start Fresh, "Other devices" from another browser) the users service says so
 * (user.sessions-ended) and the subscription is forgotten: a lost phone stops getting the member's pushes. Older
 * subscriptions have none and are kept until their browser subscribes again.
 */
export class PushSessions1765100000711 implements MigrationInterface {
  name = 'PushSessions1765100000711';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.push_subscriptions ADD COLUMN session_ref text`);
    await runner.query(`CREATE INDEX push_subscriptions_session ON notifications.push_subscriptions (session_ref) WHERE session_ref IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE notifications.push_subscriptions DROP COLUMN session_ref`);
  }
}
