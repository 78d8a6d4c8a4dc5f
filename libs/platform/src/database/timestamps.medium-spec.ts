import { DataSource } from 'typeorm';
import { openDatabase } from './open-database';
import { createTestDatabase, TestDatabase } from './test-database';

describe('timestamps read from PostgreSQL', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await openDatabase({ url: db.url, poolSize: 1 }, { schema: 'timestamps', entities: [], migrations: [], applicationName: 'timestamps-test' });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  const read = async () =>
    (
      (await dataSource.query(
        `SELECT '2026-12-02 20:40:36.095131+00'::timestamptz AS micros, '2026-12-02 20:40:36+00'::timestamptz AS whole,
                'infinity'::timestamptz AS later, '0044-03-15 12:00:00+00 BC'::timestamptz AS ancient`,
      )) as { micros: Date; whole: Date; later: number; ancient: Date }[]
    )[0];

  it('gives the same instants in any session time zone, the rare forms included', async () => {
    const inUtc = await read();
    expect(inUtc.micros.toISOString()).toBe('2026-12-02T20:40:36.095Z');
    expect(inUtc.whole.toISOString()).toBe('2026-12-02T20:40:36.000Z');
    expect(inUtc.later).toBe(Infinity);
    expect(inUtc.ancient.getUTCFullYear()).toBe(-43);

    await dataSource.query(`SET TimeZone = 'Asia/Kolkata'`);
    try {
      const elsewhere = await read();
      expect([elsewhere.micros, elsewhere.whole, elsewhere.ancient].map((d) => d.getTime())).toEqual(
        [inUtc.micros, inUtc.whole, inUtc.ancient].map((d) => d.getTime()),
      );
    } finally {
      await dataSource.query(`SET TimeZone = 'UTC'`);
    }
  });
});
