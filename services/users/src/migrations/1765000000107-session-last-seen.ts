import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a session was last used, at most once an hour (SessionsRepository.findLive): a session left unused for
 * SESSION_IDLE_DAYS ends, so a cookie on a phone or computer nobody uses any more stops working by itself. Sessions
 * from before count from now.
 */
export class SessionLastSeen1765000000107 implements MigrationInterface {
  name = 'SessionLastSeen1765000000107';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE users.sessions DROP COLUMN last_seen_at`);
  }
}
