import { randomUUID } from 'node:crypto';
import { startServiceUnderTest, ServiceUnderTest } from '@curbside/testing';
import { itemsService } from '../items.definition';
import { blurOffsetArray } from '../migrations/1763800000303-public-position';

function metersBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_009;
}

/** The public position the database derives from an item's id and exact spot (migration 1763800000303). */
describe('public position of an item', () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(itemsService);
  });
  afterAll(() => sut?.stop());

  const publicOf = async (id: string, lat: number, lng: number) => {
    const [row] = await sut.service.runtime.dataSource.query(`SELECT items.public_lat($1, $2) AS lat, items.public_lng($1, $2, $3) AS lng`, [id, lat, lng]);
    return { lat: Number(row.lat), lng: Number(row.lng) };
  };

  it('is 75 to 150 m from the spot, in every direction, the same every time for an item', async () => {
    const exact = { lat: 47.6, lng: -122.3 };
    const bearings = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const id = randomUUID();
      const moved = await publicOf(id, exact.lat, exact.lng);
      const d = metersBetween(exact, moved);
      expect(d).toBeGreaterThanOrEqual(74);
      expect(d).toBeLessThanOrEqual(151);
      expect(await publicOf(id, exact.lat, exact.lng)).toEqual(moved);
      bearings.add(Math.floor(((Math.atan2(moved.lng - exact.lng, moved.lat - exact.lat) + Math.PI) / (2 * Math.PI)) * 4));
    }
    expect(bearings.size).toBe(4);
  });

  it('is the offset the first, SQL definition gave, to the last bit (the stored positions stay valid)', async () => {
    // One connection: the first definition lives in this session's temporary schema.
    const row = await sut.service.runtime.dataSource.transaction(async (db) => {
      await db.query(`
      CREATE FUNCTION pg_temp.first_blur_offset(id uuid, lat float8) RETURNS float8[] LANGUAGE sql IMMUTABLE AS $$
        SELECT ${blurOffsetArray('b.d')} FROM (SELECT sha256(convert_to('curbside-blur:' || id::text, 'UTF8')) AS d) b
      $$`);
      const [counts] = await db.query(`
        SELECT count(*)::int AS n, count(*) FILTER (WHERE items.blur_offset(id, lat) IS DISTINCT FROM pg_temp.first_blur_offset(id, lat))::int AS differing
          FROM (SELECT gen_random_uuid() AS id, -90 + 180 * random() AS lat FROM generate_series(1, 2000)
                UNION ALL SELECT gen_random_uuid(), l FROM unnest(ARRAY[-90, -89.9999, 0, 89.9999, 90]::float8[]) l) s`);
      return counts;
    });
    expect(row).toEqual({ n: 2005, differing: 0 });
  });

  it('stays a valid position at the poles and the date line', async () => {
    for (const [lat, lng] of [
      [89.9999, 179.9999],
      [-89.9999, -179.9999],
    ]) {
      const moved = await publicOf(randomUUID(), lat, lng);
      expect(moved.lat).toBeGreaterThanOrEqual(-90);
      expect(moved.lat).toBeLessThanOrEqual(90);
      expect(moved.lng).toBeGreaterThanOrEqual(-180);
      expect(moved.lng).toBeLessThan(180);
    }
  });
});
