import { MigrationInterface, QueryRunner } from 'typeorm';

/** Earth radius in metres as the app uses it (3959 miles). */
const R = 3959 * 1609.344;

/** The two 32-bit words of the item's blur digest, as fractions of 2^32 - 1 (direction, then distance). */
const word = (digest: string, offset: number) =>
  `((get_byte(${digest}, ${offset})::bigint << 24) | (get_byte(${digest}, ${offset + 1})::bigint << 16) | (get_byte(${digest}, ${offset + 2})::bigint << 8) | get_byte(${digest}, ${offset + 3})::bigint)::float8 / 4294967295`;

/** The offset [Δlat, Δlng] in degrees from the item's blur digest (a bytea expression) and its exact latitude `lat`. */
export const blurOffsetArray = (digest: string) => `ARRAY[
          (75 + ${word(digest, 4)} * 75) * cos(${word(digest, 0)} * 2 * pi()) / ${R} * 180 / pi(),
          (75 + ${word(digest, 4)} * 75) * sin(${word(digest, 0)} * 2 * pi()) / (${R} * greatest(cos(radians(lat)), 0.01)) * 180 / pi()
        ]`;

/**
 * Everything another neighbour can observe of an item's place is computed from its public position
 * (docs/security.md): 75–150 m from the spot, in a direction and at a distance fixed by the item's id. The feed's distance
 * filter, its order, the distances shown and the grid cells all used the exact spot, so an anonymous caller
 * found it to half a metre by shrinking the radius from three points. Now the stored earth position and the
 * grid cells are those of the public position; only `lat`/`lng` (shown to the poster and the holder) are exact.
 */
export class PublicPosition1763800000303 implements MigrationInterface {
  name = 'PublicPosition1763800000303';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE FUNCTION items.blur_offset(id uuid, lat float8) RETURNS float8[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT ${blurOffsetArray('b.d')}
        FROM (SELECT sha256(convert_to('curbside-blur:' || id::text, 'UTF8')) AS d) b
      $$`);
    await runner.query(`
      CREATE FUNCTION items.public_lat(id uuid, lat float8) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT greatest(-90, least(90, lat + (items.blur_offset(id, lat))[1]))
      $$`);
    await runner.query(`
      CREATE FUNCTION items.public_lng(id uuid, lat float8, lng float8) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT mod(mod((lng + (items.blur_offset(id, lat))[2] + 180)::numeric, 360) + 360, 360)::float8 - 180
      $$`);
    // Dropping the exact-position columns drops their indexes; both come back on the public position.
    await runner.query(`ALTER TABLE items.items DROP COLUMN earth_pos, DROP COLUMN cell_fine, DROP COLUMN cell_coarse, DROP COLUMN cell_wide`);
    const pubLat = 'items.public_lat(id, lat)';
    const pubLng = 'items.public_lng(id, lat, lng)';
    await runner.query(`
      ALTER TABLE items.items
        ADD COLUMN public_lat float8 GENERATED ALWAYS AS (${pubLat}) STORED,
        ADD COLUMN public_lng float8 GENERATED ALWAYS AS (${pubLng}) STORED,
        ADD COLUMN earth_pos cube GENERATED ALWAYS AS (ll_to_earth(${pubLat}, ${pubLng})) STORED,
        ADD COLUMN cell_fine integer GENERATED ALWAYS AS (
          least(floor((${pubLat} + 90) / 0.05)::integer, 3599) * 7200 + least(floor((${pubLng} + 180) / 0.05)::integer, 7199)) STORED,
        ADD COLUMN cell_coarse integer GENERATED ALWAYS AS (
          least(floor((${pubLat} + 90) / 0.5)::integer, 359) * 720 + least(floor((${pubLng} + 180) / 0.5)::integer, 719)) STORED,
        ADD COLUMN cell_wide integer GENERATED ALWAYS AS (
          least(floor((${pubLat} + 90) / 2)::integer, 89) * 180 + least(floor((${pubLng} + 180) / 2)::integer, 179)) STORED`);
    for (const grid of ['fine', 'coarse', 'wide']) {
      await runner.query(`CREATE INDEX items_feed_${grid} ON items.items (cell_${grid}, created_at DESC, id DESC) WHERE listed`);
      await runner.query(`CREATE INDEX items_top_${grid} ON items.items (cell_${grid}, votes_date) WHERE listed AND vote_count > 0`);
    }
  }

  async down(): Promise<void> {
    throw new Error('PublicPosition1763800000303 cannot be undone: the exact-position grid would bring the blur attack back');
  }
}
