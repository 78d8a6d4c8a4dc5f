import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763800000100 implements MigrationInterface {
  name = 'CreateUsers1763800000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users.users (
        id uuid PRIMARY KEY,
        username text NOT NULL UNIQUE,
        first_name text,
        points integer NOT NULL DEFAULT 0,
        rank text NOT NULL DEFAULT 'Newbie',
        points_version integer NOT NULL DEFAULT 0,
        badges text[] NOT NULL DEFAULT '{}',
        scout_mode boolean NOT NULL DEFAULT false,
        is_verified boolean NOT NULL DEFAULT false,
        has_comment_feature boolean NOT NULL DEFAULT true,
        subscription_tier text NOT NULL DEFAULT 'free' CHECK (subscription_tier IN ('free', 'basic', 'premium', 'pro')),
        profile_picture text,
        location_radius text NOT NULL,
        notification_radius text NOT NULL,
        notification_flags jsonb NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE users.sessions (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users.users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await runner.query(`CREATE INDEX sessions_user ON users.sessions (user_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE users.sessions`);
    await runner.query(`DROP TABLE users.users`);
  }
}
