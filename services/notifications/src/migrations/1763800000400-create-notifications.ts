import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotifications1763800000400 implements MigrationInterface {
  name = 'CreateNotifications1763800000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE notifications.notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        data text NOT NULL DEFAULT '{}',
        is_read boolean NOT NULL DEFAULT false,
        source_event_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- One notification per event, recipient and type, however often the event is delivered.
        UNIQUE (source_event_id, user_id, type)
      )`);
    await runner.query(`CREATE INDEX notifications_user ON notifications.notifications (user_id, created_at DESC)`);
    await runner.query(`CREATE INDEX notifications_unread ON notifications.notifications (user_id) WHERE NOT is_read`);
    // What notifications knows of each member: their alert switches (from user.created / user.updated).
    await runner.query(`
      CREATE TABLE notifications.members (
        user_id uuid PRIMARY KEY,
        flags jsonb NOT NULL,
        version integer NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE notifications.members`);
    await runner.query(`DROP TABLE notifications.notifications`);
  }
}
