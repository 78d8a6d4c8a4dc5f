import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTestDatabase, TestDatabase } from '../database/test-database';
import { withServiceDatabase } from './with-service-database';

class CreateNotes1700000000000 implements MigrationInterface {
  name = 'CreateNotes1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "rewards".notes (id int PRIMARY KEY)`);
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "rewards".notes`);
  }
}

const definition = { name: 'rewards' as const, entities: [], migrations: [CreateNotes1700000000000] };
const APP = 'curbside-test-operator-command';

describe(withServiceDatabase.name, () => {
  let db: TestDatabase;
  let config: { RUN_MODE: 'distributed'; DATA_DIR: string; DATABASE_URL: string };

  beforeAll(async () => {
    db = await createTestDatabase();
    config = { RUN_MODE: 'distributed', DATA_DIR: '/nonexistent', DATABASE_URL: db.url };
  });
  afterAll(() => db.drop());

  async function connectionsNamed(name: string): Promise<number> {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [name]);
      return rows[0].n;
    } finally {
      await c.end();
    }
  }

  it("hands the command the service's schema, migrated, and gives back what the command returns", async () => {
    const result = await withServiceDatabase(
      definition,
      APP,
      1,
      async (dataSource) => {
        await dataSource.query('INSERT INTO rewards.notes (id) VALUES (7)');
        return { rows: await dataSource.query('SELECT id FROM rewards.notes'), open: await connectionsNamed(APP) };
      },
      config,
    );
    expect(result).toEqual({ rows: [{ id: 7 }], open: 1 });
  });

  it('closes the pool when the command fails, and lets the failure through', async () => {
    let seen: { isInitialized: boolean } | undefined;
    await expect(
      withServiceDatabase(
        definition,
        APP,
        2,
        async (dataSource) => {
          seen = dataSource;
          throw new Error('no such redemption');
        },
        config,
      ),
    ).rejects.toThrow('no such redemption');
    expect(seen?.isInitialized).toBe(false);
    expect(await connectionsNamed(APP)).toBe(0);
  });
});
