import { MigrationInterface, QueryRunner } from 'typeorm';

/** Items with the grid-cell columns of geo-grid.rules.ts and the stored earth position for exact distances. */
export class CreateItems1763800000300 implements MigrationInterface {
  name = 'CreateItems1763800000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS cube`);
    await runner.query(`CREATE EXTENSION IF NOT EXISTS earthdistance`);
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await runner.query(`
      CREATE TABLE items.items (
        id uuid PRIMARY KEY,
        poster_id uuid NOT NULL,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        category text NOT NULL,
        image_url text,
        status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'claimed', 'first_dibs', 'expired', 'removed')),
        claimed_by_id uuid,
        pricing_type text NOT NULL CHECK (pricing_type IN ('free', 'paid')),
        custom_amount integer CHECK (custom_amount BETWEEN 100 AND 10000),
        time_limit integer NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
        earth_pos cube GENERATED ALWAYS AS (ll_to_earth(lat, lng)) STORED,
        cell_fine integer GENERATED ALWAYS AS (
          least(floor((lat + 90) / 0.05)::integer, 3599) * 7200 + least(floor((lng + 180) / 0.05)::integer, 7199)) STORED,
        cell_coarse integer GENERATED ALWAYS AS (
          least(floor((lat + 90) / 0.5)::integer, 359) * 720 + least(floor((lng + 180) / 0.5)::integer, 719)) STORED,
        location_description text,
        is_scout_find boolean NOT NULL DEFAULT false,
        is_garage_sale boolean NOT NULL DEFAULT false,
        garage_sale_address text,
        garage_sale_start_time timestamptz,
        garage_sale_end_time timestamptz,
        garage_sale_contact_info text,
        interest_count integer NOT NULL DEFAULT 0,
        vote_count integer NOT NULL DEFAULT 0,
        still_there_count integer NOT NULL DEFAULT 0,
        last_still_there_check timestamptz
      )`);
    await runner.query(`CREATE INDEX items_feed_fine ON items.items (cell_fine, created_at DESC, id DESC) WHERE status = 'available'`);
    await runner.query(`CREATE INDEX items_feed_coarse ON items.items (cell_coarse, created_at DESC, id DESC) WHERE status = 'available'`);
    await runner.query(`CREATE INDEX items_poster ON items.items (poster_id, created_at DESC)`);
    await runner.query(`
      CREATE TABLE items.posters (
        user_id uuid PRIMARY KEY,
        username text NOT NULL,
        rank text NOT NULL DEFAULT 'Newbie',
        user_version integer NOT NULL DEFAULT 0,
        points_version integer NOT NULL DEFAULT 0
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.posters`);
    await runner.query(`DROP TABLE items.items`);
  }
}
