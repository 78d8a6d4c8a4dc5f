import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ensureExtensions } from './database-extensions';

/** The local PostgreSQL's maintenance database, where test databases are created and dropped. */
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `work` on a connection of its own to the maintenance database, closed after. */
async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the local PostgreSQL for one test file, with the extensions the services need, so
 * files never see each other's rows and can run in parallel.
 */
export async function createTestDatabase(prefix = 'curbside_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  await ensureExtensions(url);
  return {
    url,
    name,
    async drop() {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Whether the local PostgreSQL holds a database of that name (for tests that a failure dropped what it made). */
export async function testDatabaseExists(name: string): Promise<boolean> {
  const { rowCount } = await withAdmin((admin) => admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]));
  return (rowCount ?? 0) > 0;
}

/**
 * How many server processes of the local PostgreSQL still serve connections opened under `applicationName`, or to
 * `database`, once none is left or `timeoutMs` has passed: a closed connection's process ends a moment after the
 * client has let go, a connection left open stays. For tests that a failure leaves no connection behind.
 */
export async function connectionsLeft(of: { applicationName: string } | { database: string }, timeoutMs = 5_000): Promise<number> {
  const [column, value] = 'applicationName' in of ? ['application_name', of.applicationName] : ['datname', of.database];
  return withAdmin(async (admin) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${column} = $1 AND pid <> pg_backend_pid()`, [value]);
      if (rows[0].n === 0 || Date.now() > deadline) return rows[0].n as number;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}
