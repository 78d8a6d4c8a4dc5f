import { DataSource } from 'typeorm';
import { earthDistanceSql } from './earth-distance';
import { openDatabase } from './open-database';
import { createTestDatabase, TestDatabase } from './test-database';

describe('earthDistanceSql on PostgreSQL', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await openDatabase(
      { url: db.url, poolSize: 1 },
      { schema: 'earth_distance', entities: [], migrations: [], applicationName: 'earth-distance-test' },
    );
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it("gives earth_distance's value to the last bit, from the same spot to the far side of the globe", async () => {
    const pairs = [
      [40.758, -73.9855, 40.758, -73.9855], // the same spot
      [40.758, -73.9855, 40.75801, -73.9855], // about a meter
      [47.6062, -122.3321, 47.6205, -122.3493], // across a city
      [51.5074, -0.1278, 48.8566, 2.3522], // London to Paris
      [-33.8688, 151.2093, 37.7749, -122.4194], // across the date line
      [89.9, 0, -89.9, 180], // pole to pole
      [0, 0, 0, 180], // antipodes: the chord is the whole diameter
      [10, 20, -10, -160], // antipodes elsewhere
    ];
    const rows: { ours: number; theirs: number }[] = await dataSource.query(
      `SELECT ${earthDistanceSql('a', 'b')} AS ours, earth_distance(a, b) AS theirs
       FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[]) AS p(lat1, lng1, lat2, lng2),
            LATERAL (SELECT ll_to_earth(lat1, lng1) AS a, ll_to_earth(lat2, lng2) AS b) e`,
      [0, 1, 2, 3].map((i) => pairs.map((pair) => pair[i])),
    );
    expect(rows).toHaveLength(pairs.length);
    for (const row of rows) expect(row.ours).toBe(row.theirs);
    // Not vacuous: the pairs run from nothing to half the globe (π × earth()).
    expect(rows[0].ours).toBe(0);
    expect(rows[3].ours).toBeCloseTo(343_000, -4);
    expect(rows[6].ours).toBeCloseTo(Math.PI * 6_378_168, 3);
  });
});
