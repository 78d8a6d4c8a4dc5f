import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { blurOffsetArray } from './1763800000303-public-position';

const METERS_PER_MILE = 1609.344;

/** A place, for the blur: a cell of 0.005° (~550 m north to south), its grid shifted by a fraction kept per member. */
const PLACE_DEGREES = 0.005;

/** The generated columns each table derives from its public position, in their order (the indexes on them follow). */
const POSITION_COLUMNS = {
  items: ['public_lat', 'public_lng', 'earth_pos', 'cell_fine', 'cell_coarse', 'cell_wide'],
  saved_searches: ['public_lat', 'public_lng', 'earth_pos', 'reach'],
} as const;

function positionColumns(table: keyof typeof POSITION_COLUMNS, owner: string): string {
  const pubLat = `items.blurred_lat(${owner}, lat, lng)`;
  const pubLng = `items.blurred_lng(${owner}, lat, lng)`;
  const cell = (size: number, rows: number, cols: number) =>
    `least(floor((${pubLat} + 90) / ${size})::integer, ${rows - 1}) * ${cols} + least(floor((${pubLng} + 180) / ${size})::integer, ${cols - 1})`;
  const expressions: Record<string, string> = {
    public_lat: pubLat,
    public_lng: pubLng,
    earth_pos: `ll_to_earth(${pubLat}, ${pubLng})`,
    cell_fine: cell(0.05, 3600, 7200),
    cell_coarse: cell(0.5, 360, 720),
    cell_wide: cell(2, 90, 180),
    reach: `earth_box(ll_to_earth(${pubLat}, ${pubLng}), radius_miles * ${METERS_PER_MILE})`,
  };
  const type: Record<string, string> = { public_lat: 'float8', public_lng: 'float8', earth_pos: 'cube', reach: 'cube' };
  return POSITION_COLUMNS[table].map((c) => `ADD COLUMN ${c} ${type[c] ?? 'integer'} GENERATED ALWAYS AS (${expressions[c]}) STORED`).join(',\n        ');
}

/**
 * `CREATE` (or `CREATE OR REPLACE`) items.place_blur_offset: the offset of a member's place, from a key made at random
 * here and written into the function, the owner and the place, a cell of `placeDegrees` on a grid shifted per owner.
 */
export function placeBlurOffsetFunction(create: 'CREATE' | 'CREATE OR REPLACE', placeDegrees: number): string {
  const key = `'\\x${randomBytes(32).toString('hex')}'::bytea`;
  return `
      ${create} FUNCTION items.place_blur_offset(owner uuid, lat float8, lng float8) RETURNS float8[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
        DECLARE
          shift bytea := sha256(${key} || uuid_send(owner));
          place_row integer := floor(lat / ${placeDegrees} + get_byte(shift, 0) / 256.0);
          place_col integer := floor(lng / ${placeDegrees} + get_byte(shift, 1) / 256.0);
          d bytea := sha256(${key} || uuid_send(owner) || int4send(place_row) || int4send(place_col));
        BEGIN
          RETURN ${blurOffsetArray('d')};
        END
      $$`;
}

/**
 * The blur's offset is no longer something anyone can compute. It was fixed by a digest of the item's id alone (migration
 * 1763800000303), and every list gives the id beside the public position: anyone who read this code could take the
 * offset off again and had the exact spot. A wanted post gave its member's own position the same way.
 *
 * Now the offset comes from a digest of a key made at random here, once per database, and written into the function
 * itself (an immutable function may read no table; the key never leaves the database, and a dump keeps it with the
 * positions it made). The digest also takes the owner (the poster, or the member of a wanted post) and the place: a cell
 * of PLACE_DEGREES around the exact spot, on a grid shifted per owner by a fraction of a cell that only the key gives.
 * So every post a member makes from one place gets one and the same offset: the public spots of their posts from home,
 * averaged, come no closer to home than one of them. (With an offset per item, sixteen posts from one home averaged to
 * within ~30 m of it.) The shift keeps where one member's places meet out of reach: with the grid known, a member
 * whose posts from home fell on both sides of a line would have told which line their home is near.
 *
 * Every table that stores a public position gets its generated columns again from the new functions (the rows'
 * public positions move once), and the indexes on those columns are made again as they were. Each call costs ~10 µs
 * (two digests) where the old one cost ~5 µs, and an item's row calls it ten times (public_lat, public_lng, earth_pos
 * and the cells): ~50 µs more per item written, and minutes for this migration at a million items.
 */
export class SecretBlur1765000000404 implements MigrationInterface {
  name = 'SecretBlur1765000000404';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(placeBlurOffsetFunction('CREATE', PLACE_DEGREES));
    await runner.query(`
      CREATE FUNCTION items.blurred_lat(owner uuid, lat float8, lng float8) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT greatest(-90, least(90, lat + (items.place_blur_offset(owner, lat, lng))[1]))
      $$`);
    await runner.query(`
      CREATE FUNCTION items.blurred_lng(owner uuid, lat float8, lng float8) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT mod(mod((lng + (items.place_blur_offset(owner, lat, lng))[2] + 180)::numeric, 360) + 360, 360)::float8 - 180
      $$`);
    await remakePositionColumns(runner, 'items', 'poster_id');
    await remakePositionColumns(runner, 'saved_searches', 'user_id');
    await runner.query(`DROP FUNCTION items.public_lng(uuid, float8, float8)`);
    await runner.query(`DROP FUNCTION items.public_lat(uuid, float8)`);
    await runner.query(`DROP FUNCTION items.blur_offset(uuid, float8)`);
    // The new columns have no statistics until autovacuum's analyze: without them the planner would guess at every
    // cell's rows in the meantime.
    await runner.query(`ANALYZE items.items, items.saved_searches`);
  }

  async down(): Promise<void> {
    throw new Error('SecretBlur1765000000404 cannot be undone: offsets anyone can compute would give every exact spot away');
  }
}

/** Drops the table's position columns (their indexes go with them), adds them from the new functions, remakes the indexes. */
export async function remakePositionColumns(runner: QueryRunner, table: keyof typeof POSITION_COLUMNS, owner: string): Promise<void> {
  const columns = POSITION_COLUMNS[table];
  const indexes: { definition: string }[] = await runner.query(
    `SELECT DISTINCT pg_get_indexdef(d.objid) AS definition
       FROM pg_depend d
       JOIN pg_index i ON i.indexrelid = d.objid
       JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
      WHERE d.classid = 'pg_class'::regclass AND d.refobjid = $1::regclass AND a.attname = ANY($2)`,
    [`items.${table}`, columns],
  );
  await runner.query(`ALTER TABLE items.${table}
      ${columns.map((c) => `DROP COLUMN ${c}`).join(', ')},
      ${positionColumns(table, owner)}`);
  for (const { definition } of indexes) await runner.query(definition);
}
