import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ensureExtensions } from './database-extensions';

/** The local PostgreSQL's maintenance database, where test databases are created and dropped. */
export const TEST_DATABASE_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
  const admin = new Client({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = TEST_DATABASE_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  await ensureExtensions(url);
  return {
    url,
    name,
    async drop() {
      const c = new Client({ connectionString: TEST_DATABASE_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * How many server processes of the local PostgreSQL still serve connections opened under `applicationName`, or to
 * `database`, once none is left or `timeoutMs` has passed: a closed connection's process ends a moment after the
 * client has let go, a connection left open stays. For tests that a failure leaves no connection behind.
 */
export async function connectionsLeft(of: { applicationName: string } | { database: string }, timeoutMs = 5_000): Promise<number> {
  const [column, value] = 'applicationName' in of ? ['application_name', of.applicationName] : ['datname', of.database];
  const admin = new Client({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${column} = $1 AND pid <> pg_backend_pid()`, [value]);
      if (rows[0].n === 0 || Date.now() > deadline) return rows[0].n;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}
