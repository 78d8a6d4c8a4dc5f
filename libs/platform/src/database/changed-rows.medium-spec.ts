import { DataSource } from 'typeorm';
import { affectedCount, changedRows } from './changed-rows';
import { openDatabase } from './open-database';
import { createTestDatabase, TestDatabase } from './test-database';

describe('changed rows on PostgreSQL', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await openDatabase({ url: db.url, poolSize: 2 }, { schema: 'changes', entities: [], migrations: [], applicationName: 'changed-rows-test' });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });
  beforeEach(async () => {
    await dataSource.query(`DROP TABLE IF EXISTS changes.notes`);
    await dataSource.query(`CREATE TABLE changes.notes (id int PRIMARY KEY, done boolean NOT NULL DEFAULT false)`);
    await dataSource.query(`INSERT INTO changes.notes (id) SELECT generate_series(1, 5)`);
  });

  it('counts the rows an UPDATE or DELETE changed, and zero when none matched', async () => {
    expect(await affectedCount(dataSource, `UPDATE changes.notes SET done = true WHERE id <= $1`, [3])).toBe(3);
    expect(await affectedCount(dataSource, `UPDATE changes.notes SET done = true WHERE id > $1`, [5])).toBe(0);
    expect(await affectedCount(dataSource, `DELETE FROM changes.notes WHERE done`)).toBe(3);
    expect(await affectedCount(dataSource, `DELETE FROM changes.notes WHERE done`)).toBe(0);
  });

  it('counts through a transaction’s manager and a WITH whose last statement is an UPDATE', async () => {
    const changed = await dataSource.transaction((m) =>
      affectedCount(m, `WITH first AS (SELECT id FROM changes.notes WHERE id <= 2) UPDATE changes.notes n SET done = true FROM first WHERE n.id = first.id`),
    );
    expect(changed).toBe(2);
  });

  it('gives the rows UPDATE or DELETE … RETURNING changed, and none when none matched', async () => {
    expect(await changedRows<{ id: number }>(dataSource, `UPDATE changes.notes SET done = true WHERE id IN (2, 4) RETURNING id`)).toEqual([
      { id: 2 },
      { id: 4 },
    ]);
    expect(await changedRows(dataSource, `UPDATE changes.notes SET done = true WHERE id = 9 RETURNING id`)).toEqual([]);
    expect(await changedRows<{ id: number }>(dataSource, `DELETE FROM changes.notes WHERE done RETURNING id`)).toEqual([{ id: 2 }, { id: 4 }]);
  });

  it('throws for a SELECT, an INSERT or a WITH whose last statement is a SELECT, and for a change without RETURNING', async () => {
    await expect(affectedCount(dataSource, `SELECT id FROM changes.notes WHERE id <= 2`)).rejects.toThrow(/answered 2 rows, as a SELECT or INSERT does/);
    await expect(affectedCount(dataSource, `INSERT INTO changes.notes (id) VALUES (6)`)).rejects.toThrow(/answered 0 rows/);
    await expect(changedRows(dataSource, `WITH gone AS (DELETE FROM changes.notes WHERE id = 1 RETURNING id) SELECT id FROM gone`)).rejects.toThrow(
      /answered 1 row,/,
    );
    await expect(changedRows(dataSource, `UPDATE changes.notes SET done = true WHERE id = 2`)).rejects.toThrow(/needs UPDATE or DELETE … RETURNING/);
  });
});
