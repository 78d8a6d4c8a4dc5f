import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createTestDatabaseFrom, dropTestDatabaseTemplates, TestDatabase, TestDatabaseTemplate, testDatabaseTemplates } from './test-database';

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('test databases copied from a template', () => {
  // A kind of its own per run: other runs' templates are never touched, and this one's are dropped at the end.
  const kind = `template-test:${randomUUID()}`;
  const made: TestDatabase[] = [];
  let builds = 0;
  const template = (version: number): TestDatabaseTemplate => ({
    kind,
    digest: `version ${version}`,
    async build(url) {
      builds += 1;
      await query(url, `CREATE TABLE notes (version int); INSERT INTO notes VALUES (${version})`);
    },
  });
  const copy = async (version: number) => {
    const database = await createTestDatabaseFrom(template(version));
    made.push(database);
    return database;
  };

  afterAll(async () => {
    for (const database of made) await database.drop();
    await dropTestDatabaseTemplates(kind);
  });

  it('builds the template once for any number of copies, even asked for at once, and each copy is a database of its own', async () => {
    const [first, second, third] = await Promise.all([copy(1), copy(1), copy(1)]);
    expect(builds).toBe(1);
    expect(new Set([first.name, second.name, third.name]).size).toBe(3);
    expect(await query(first.url, 'SELECT version FROM notes')).toEqual([{ version: 1 }]);
    // What one test writes, no other copy sees.
    await query(first.url, 'INSERT INTO notes VALUES (99)');
    expect(await query(second.url, 'SELECT version FROM notes')).toEqual([{ version: 1 }]);
    expect(await query(second.url, `SELECT extname FROM pg_extension WHERE extname = 'earthdistance'`)).toHaveLength(1);
  });

  it('builds a new template when the digest changes, and drops the one it replaces', async () => {
    const [before] = await testDatabaseTemplates(kind);
    const newer = await copy(2);
    expect(builds).toBe(2);
    expect(await query(newer.url, 'SELECT version FROM notes')).toEqual([{ version: 2 }]);
    const after = await testDatabaseTemplates(kind);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });

  it('leaves no template behind when its build fails, and builds it afresh when asked again', async () => {
    const failing: TestDatabaseTemplate = {
      kind,
      digest: 'version 3',
      build: async (url) => {
        await query(url, 'CREATE TABLE half_done (id int)');
        throw new Error('the build failed half-way');
      },
    };
    await expect(createTestDatabaseFrom(failing)).rejects.toThrow('the build failed half-way');
    // Nor the one it was to replace: that was dropped when the build began.
    expect(await testDatabaseTemplates(kind)).toEqual([]);

    const again = await copy(3);
    expect(await query(again.url, 'SELECT version FROM notes')).toEqual([{ version: 3 }]);
  });
});
