import { MigrationInterface, QueryRunner } from 'typeorm';

const METERS_PER_MILE = 1609.344;

/**
 * Saved searches and wanted posts (docs/product-rules.md, "Saved searches"). A search's place gets the items' blur
 * (since migration 1765000000404 fixed by its member and place): the wanted list shows, filters
 * and measures by it, and matching measures from it to the item's public position, so nothing a neighbour observes
 * is finer than the blur. `reach` is the box around that place of the search's radius, with a GiST index: a new
 * item finds the searches whose box holds it without reading the others (docs/scaling.md, "Saved searches").
 */
export class SavedSearches1763800000370 implements MigrationInterface {
  name = 'SavedSearches1763800000370';

  async up(runner: QueryRunner): Promise<void> {
    const pubLat = 'items.public_lat(id, lat)';
    const pubLng = 'items.public_lng(id, lat, lng)';
    await runner.query(`
      CREATE TABLE items.saved_searches (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        query text NOT NULL,
        words text[] NOT NULL,
        category text,
        radius_miles float8 NOT NULL CHECK (radius_miles > 0 AND radius_miles <= 100),
        lat float8 NOT NULL,
        lng float8 NOT NULL,
        label text,
        is_public boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        public_lat float8 GENERATED ALWAYS AS (${pubLat}) STORED,
        public_lng float8 GENERATED ALWAYS AS (${pubLng}) STORED,
        earth_pos cube GENERATED ALWAYS AS (ll_to_earth(${pubLat}, ${pubLng})) STORED,
        reach cube GENERATED ALWAYS AS (earth_box(ll_to_earth(${pubLat}, ${pubLng}), radius_miles * ${METERS_PER_MILE})) STORED
      )`);
    await runner.query(`CREATE INDEX saved_searches_owner ON items.saved_searches (user_id, created_at, id)`);
    await runner.query(`CREATE INDEX saved_searches_reach ON items.saved_searches USING gist (reach)`);
    await runner.query(`CREATE INDEX saved_searches_wanted ON items.saved_searches USING gist (earth_pos) WHERE is_public`);
    // One alert per member and item, whatever replays: the match is recorded before its event leaves.
    await runner.query(`
      CREATE TABLE items.saved_search_matches (
        item_id uuid NOT NULL,
        user_id uuid NOT NULL,
        saved_search_id uuid NOT NULL REFERENCES items.saved_searches (id) ON DELETE CASCADE,
        wanted boolean NOT NULL,
        matched_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (item_id, user_id)
      )`);
    await runner.query(`CREATE INDEX saved_search_matches_search ON items.saved_search_matches (saved_search_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.saved_search_matches`);
    await runner.query(`DROP TABLE items.saved_searches`);
  }
}
