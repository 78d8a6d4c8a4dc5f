import { createHash, randomUUID } from 'node:crypto';
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
  const url = urlOf(name);
  await ensureExtensions(url);
  return testDatabase(name);
}

const urlOf = (name: string) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

function testDatabase(name: string): TestDatabase {
  return {
    url: urlOf(name),
    name,
    async drop() {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** What a template database holds: a name for its kind, a digest of what built it, and how to build it. */
export interface TestDatabaseTemplate {
  /** Templates of one kind replace each other: a new digest drops the old template. */
  kind: string;
  /** Changes whenever the build would make something else (e.g. a digest of the migrations' code). */
  digest: string;
  /** Fills the new database at `url` (its extensions are there already), then closes every connection it opened. */
  build(url: string): Promise<void>;
}

const TEMPLATE_PREFIX = 'curbside_template';
const shortDigest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/**
 * A fresh database copied from a template that `template.build` filled once (the services' migrations, say): a copy
 * takes a fraction of the time the build does, and every test file that needs the same start gets it. The template
 * is built at most once per digest on this PostgreSQL, under an advisory lock that parallel test processes share;
 * a template of the same kind with another digest (migrations changed since) is dropped then.
 */
export async function createTestDatabaseFrom(template: TestDatabaseTemplate, prefix = 'curbside_test'): Promise<TestDatabase> {
  const kindTag = shortDigest(template.kind);
  const source = `${TEMPLATE_PREFIX}_${kindTag}_${shortDigest(template.digest)}`;
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await withAdmin(async (admin) => {
    // Copies are made under the lock too, so a build of a newer digest never drops a template while it is copied.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [`${TEMPLATE_PREFIX}:${kindTag}`]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [source]);
    if (!rowCount) await buildTemplate(admin, template, source, kindTag);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source}"`);
  });
  return testDatabase(name);
}

/** The kind's template databases on this PostgreSQL (one, unless a build is under way or failed). */
export function testDatabaseTemplates(kind: string): Promise<string[]> {
  return withAdmin((admin) => templatesOf(admin, shortDigest(kind)));
}

/** Drops the kind's templates (a test's own kind, after it). */
export function dropTestDatabaseTemplates(kind: string): Promise<void> {
  return withAdmin(async (admin) => {
    for (const name of await templatesOf(admin, shortDigest(kind))) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

async function templatesOf(admin: Client, kindTag: string): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname', [
    `${TEMPLATE_PREFIX}\\_${kindTag}\\_%`,
  ]);
  return rows.map((row) => row.datname);
}

async function buildTemplate(admin: Client, template: TestDatabaseTemplate, source: string, kindTag: string): Promise<void> {
  for (const stale of await templatesOf(admin, kindTag)) await admin.query(`DROP DATABASE IF EXISTS "${stale}" WITH (FORCE)`);
  // Built under another name and renamed once whole: a build that fails half-way never serves as a template.
  const building = `${source}_building`;
  await admin.query(`CREATE DATABASE "${building}"`);
  try {
    await ensureExtensions(urlOf(building));
    await template.build(urlOf(building));
    // A closed connection's server process ends a moment later, and a database in use can be neither renamed nor copied.
    if ((await connectionsLeft({ database: building })) > 0) throw new Error(`connections to ${building} were left open by its build`);
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${source}"`);
  } catch (error) {
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    throw error;
  }
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
