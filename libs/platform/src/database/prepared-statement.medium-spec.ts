import { DataSource, QueryFailedError } from 'typeorm';
import { openDatabase } from './open-database';
import { queryPrepared, statementName } from './prepared-statement';
import { createTestDatabase, TestDatabase } from './test-database';

describe('prepared statements on PostgreSQL', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await openDatabase({ url: db.url, poolSize: 1 }, { schema: 'prepared', entities: [], migrations: [], applicationName: 'prepared-test' });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  const squares = { text: `SELECT n, n * n AS square FROM generate_series(1, $1::int) n ORDER BY n`, params: [3] };
  /** The statements prepared on the pool's one connection, as PostgreSQL lists them for its session. */
  const prepared = async (): Promise<string[]> =>
    ((await dataSource.query(`SELECT name FROM pg_prepared_statements ORDER BY name`)) as { name: string }[]).map((r) => r.name);

  it('prepares a text once on its connection under its hash and runs it again with other values', async () => {
    expect(await queryPrepared(dataSource.manager, squares)).toEqual([
      { n: 1, square: 1 },
      { n: 2, square: 4 },
      { n: 3, square: 9 },
    ]);
    expect(await queryPrepared(dataSource.manager, { ...squares, params: [1] })).toEqual([{ n: 1, square: 1 }]);
    expect(await prepared()).toEqual([statementName(squares.text)]);
  });

  it('runs on a transaction’s own connection, and names two texts apart', async () => {
    const other = { text: `SELECT $1::text AS said`, params: ['hello'] };
    expect(statementName(other.text)).not.toBe(statementName(squares.text));
    await dataSource.transaction(async (manager) => {
      expect(await queryPrepared(manager, other)).toEqual([{ said: 'hello' }]);
    });
    expect(await prepared()).toEqual([statementName(other.text), statementName(squares.text)].sort());
  });

  it('never prepares a statement that must be planned for its values', async () => {
    const search = { text: `SELECT $1::text AS word`, params: ['bike'], planForValues: true };
    expect(await queryPrepared(dataSource.manager, search)).toEqual([{ word: 'bike' }]);
    expect(await prepared()).not.toContain(statementName(search.text));
  });

  it('fails as TypeORM’s own queries fail, with PostgreSQL’s code on the driver error', async () => {
    const failed = await queryPrepared(dataSource.manager, { text: `SELECT 1 / $1::int AS x`, params: [0] }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect(((failed as QueryFailedError).driverError as { code?: string }).code).toBe('22012');
  });
});
