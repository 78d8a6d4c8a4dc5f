import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Everything around an item: reservations and claims, votes per local day, still-there checks, interest,
 * comments, reports, pickup-photo validations; `listed` marks what the feed may show (its indexes are partial
 * on it, so expired and removed items cost the feed nothing).
 */
export class ItemEngagement1763800000301 implements MigrationInterface {
  name = 'ItemEngagement1763800000301';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE items.items
        ADD COLUMN listed boolean NOT NULL DEFAULT true,
        ADD COLUMN reserved_by_id uuid,
        ADD COLUMN reserved_until timestamptz,
        ADD COLUMN claimed_at timestamptz,
        ADD COLUMN removed_at timestamptz,
        ADD COLUMN updated_at timestamptz,
        ADD COLUMN expiring_notified_at timestamptz,
        ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC',
        ADD COLUMN votes_date date,
        ADD COLUMN comment_count integer NOT NULL DEFAULT 0`);
    await runner.query(`UPDATE items.items SET listed = (status IN ('available', 'first_dibs', 'claimed'))`);
    await runner.query(`DROP INDEX items.items_feed_fine`);
    await runner.query(`DROP INDEX items.items_feed_coarse`);
    await runner.query(`CREATE INDEX items_feed_fine ON items.items (cell_fine, created_at DESC, id DESC) WHERE listed`);
    await runner.query(`CREATE INDEX items_feed_coarse ON items.items (cell_coarse, created_at DESC, id DESC) WHERE listed`);
    await runner.query(`CREATE INDEX items_top_fine ON items.items (cell_fine, votes_date) WHERE listed AND vote_count > 0`);
    await runner.query(`CREATE INDEX items_top_coarse ON items.items (cell_coarse, votes_date) WHERE listed AND vote_count > 0`);
    await runner.query(`CREATE INDEX items_listed_expiry ON items.items (expires_at) WHERE listed`);
    await runner.query(`CREATE INDEX items_reservations ON items.items (reserved_until) WHERE status = 'first_dibs'`);
    await runner.query(`CREATE INDEX items_claimed_by ON items.items (claimed_by_id, created_at DESC) WHERE claimed_by_id IS NOT NULL`);
    await runner.query(`CREATE INDEX items_title_trgm ON items.items USING gin (title gin_trgm_ops)`);
    await runner.query(`
      ALTER TABLE items.posters
        ADD COLUMN subscription_tier text NOT NULL DEFAULT 'free',
        ADD COLUMN is_verified boolean NOT NULL DEFAULT false,
        ADD COLUMN scout_mode boolean NOT NULL DEFAULT false`);
    await runner.query(`
      CREATE TABLE items.votes (
        item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        local_date date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (item_id, user_id, local_date)
      )`);
    await runner.query(`
      CREATE TABLE items.still_there_checks (
        item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        check_date date NOT NULL,
        still_there boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (item_id, user_id, check_date)
      )`);
    await runner.query(`
      CREATE TABLE items.interests (
        item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (item_id, user_id)
      )`);
    await runner.query(`
      CREATE TABLE items.comments (
        id uuid PRIMARY KEY,
        item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        content text NOT NULL,
        is_edited boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz,
        -- kept, not deleted: a deleted comment still counts against the month's quota
        deleted_at timestamptz
      )`);
    await runner.query(`CREATE INDEX comments_item ON items.comments (item_id, created_at) WHERE deleted_at IS NULL`);
    await runner.query(`CREATE INDEX comments_user_month ON items.comments (user_id, created_at)`);
    await runner.query(`
      CREATE TABLE items.reports (
        id uuid PRIMARY KEY,
        reporter_id uuid NOT NULL,
        reported_user_id uuid,
        reported_item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
        report_type text NOT NULL,
        reason text NOT NULL,
        details text,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (reporter_id, reported_item_id)
      )`);
    await runner.query(`
      CREATE TABLE items.pickup_validations (
        id uuid PRIMARY KEY,
        item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        photo_hash text NOT NULL,
        confidence real NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz
      )`);
    await runner.query(`CREATE INDEX pickup_validations_lookup ON items.pickup_validations (item_id, user_id, photo_hash)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['pickup_validations', 'reports', 'comments', 'interests', 'still_there_checks', 'votes']) {
      await runner.query(`DROP TABLE items.${table}`);
    }
    await runner.query(`ALTER TABLE items.posters DROP COLUMN subscription_tier, DROP COLUMN is_verified, DROP COLUMN scout_mode`);
    for (const index of ['items_top_fine', 'items_top_coarse', 'items_listed_expiry', 'items_reservations', 'items_claimed_by', 'items_title_trgm']) {
      await runner.query(`DROP INDEX items.${index}`);
    }
    await runner.query(`DROP INDEX items.items_feed_fine`);
    await runner.query(`DROP INDEX items.items_feed_coarse`);
    await runner.query(`CREATE INDEX items_feed_fine ON items.items (cell_fine, created_at DESC, id DESC) WHERE status = 'available'`);
    await runner.query(`CREATE INDEX items_feed_coarse ON items.items (cell_coarse, created_at DESC, id DESC) WHERE status = 'available'`);
    await runner.query(`
      ALTER TABLE items.items DROP COLUMN listed, DROP COLUMN reserved_by_id, DROP COLUMN reserved_until, DROP COLUMN claimed_at,
        DROP COLUMN removed_at, DROP COLUMN updated_at, DROP COLUMN expiring_notified_at, DROP COLUMN time_zone,
        DROP COLUMN votes_date, DROP COLUMN comment_count`);
  }
}
