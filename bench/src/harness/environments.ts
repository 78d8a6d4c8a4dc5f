import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectEmbeddedPostgres, createLogger, ensureExtensions, freePort, NatsEventBus, natsStreamName } from '@curbside/platform';
import IORedis from 'ioredis';
import { Client, Pool } from 'pg';
import { AppProcess, RunMode } from './app-process';
import { CleanupScope } from './cleanup';
import { errorMessage, formatDuration, progress } from './log';
import { SqlRunner, sqlRunner } from '../data/seed-items';

/** Servers the distributed mode uses; override with the environment variables of the same role. */
export const SERVERS = {
  postgres: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  nats: process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222',
  redis: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

function tempDir(scope: CleanupScope, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scope.defer(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function randomSuffix(): string {
  return randomBytes(5).toString('hex');
}

/** Environment common to both modes: production settings, a throw-away session secret. */
function baseEnv(dataDir: string, logLevel: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // Loopback over plain HTTP on purpose.
    ALLOW_INSECURE_COOKIE: 'true',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: logLevel,
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 'local',
  };
}

export interface AppEnvironment {
  mode: RunMode;
  env: Record<string, string>;
  dataDir: string;
  /** Where the app's output goes (kept after the run). */
  logFile: string;
}

export interface EmbeddedEnvironment extends AppEnvironment {
  mode: 'embedded';
}

export function prepareEmbedded(scope: CleanupScope, options: { logLevel: string; logFile: string; env?: Record<string, string> }): EmbeddedEnvironment {
  const dataDir = tempDir(scope, 'curbside-bench-embedded-');
  // As root the embedded PostgreSQL runs as the postgres user, which must be able to enter the (private) temp folder.
  chmodSync(dataDir, 0o755);
  progress(`embedded: data dir ${dataDir}`);
  return { mode: 'embedded', env: { ...baseEnv(dataDir, options.logLevel), ...options.env }, dataDir, logFile: options.logFile };
}

export interface DistributedEnvironment extends AppEnvironment {
  mode: 'distributed';
  databaseName: string;
  databaseUrl: string;
  natsNamespace: string;
  redisUrl: string;
}

async function withAdminClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${SERVERS.postgres}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Every Redis key of a deployment starts with its NAMESPACE (jobs and rate limits): remove them afterwards. */
function removeRedisKeysAfterwards(scope: CleanupScope, namespace: string): void {
  scope.defer(`remove Redis keys ${namespace}:*`, async () => {
    const redis = new IORedis(SERVERS.redis, { maxRetriesPerRequest: 1 });
    try {
      let removed = 0;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) removed += await redis.del(...keys);
      } while (cursor !== '0');
      progress(`distributed: removed ${removed} Redis keys ${namespace}:*`);
    } finally {
      redis.disconnect();
    }
  });
}

export async function prepareDistributed(
  scope: CleanupScope,
  options: { logLevel: string; logFile: string; env?: Record<string, string>; keepDatabase?: string | null },
): Promise<DistributedEnvironment> {
  const suffix = randomSuffix();
  const natsNamespace = `bench_${suffix}`;
  const dataDir = tempDir(scope, 'curbside-bench-distributed-');
  let databaseName = `curbside_bench_${suffix}`;
  let reused = false;
  if (options.keepDatabase) {
    // --keep-database: a seeded database kept between runs (created and seeded by the first run, never dropped).
    databaseName = options.keepDatabase;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseName)) throw new Error(`--keep-database needs a plain lower-case name, got "${databaseName}"`);
    reused = await withAdminClient(async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName])).rows.length > 0);
  }
  if (!reused) {
    await withAdminClient((admin) => admin.query(`CREATE DATABASE ${databaseName}`)).catch((err: unknown) => {
      throw new Error(`could not create database ${databaseName} on ${SERVERS.postgres}: ${errorMessage(err)}`);
    });
  }
  if (options.keepDatabase) progress(`distributed: ${reused ? 'reusing' : 'keeping'} database ${databaseName} (--keep-database; drop it by hand when done)`);
  else {
    scope.defer(`drop database ${databaseName}`, async () => {
      await withAdminClient((admin) => admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
      progress(`distributed: dropped database ${databaseName}`);
    });
  }
  const databaseUrl = `${SERVERS.postgres}/${databaseName}`;
  await ensureExtensions(databaseUrl);

  const stream = natsStreamName(natsNamespace);
  const subjectPrefix = `${natsNamespace}.events`;
  scope.defer(`delete NATS stream ${stream}`, async () => {
    const bus = await NatsEventBus.connect({ servers: SERVERS.nats, stream, subjectPrefix });
    try {
      await bus.deleteStream();
      progress(`distributed: deleted NATS stream ${stream}`);
    } finally {
      await bus.close();
    }
  });

  const redisUrl = SERVERS.redis;
  removeRedisKeysAfterwards(scope, natsNamespace);
  progress(`distributed: database ${databaseName}, NATS namespace ${natsNamespace} (stream ${stream}), Redis ${redisUrl}`);
  return {
    mode: 'distributed',
    env: {
      ...baseEnv(dataDir, options.logLevel),
      DATABASE_URL: databaseUrl,
      NATS_URL: SERVERS.nats,
      NAMESPACE: natsNamespace,
      REDIS_URL: redisUrl,
      ...options.env,
    },
    dataDir,
    logFile: options.logFile,
    databaseName,
    databaseUrl,
    natsNamespace,
    redisUrl,
  };
}

export interface BenchDatabase {
  /** The app's database (distributed: the bench's database; embedded: the running app's own server). */
  url: string;
  client: Client;
  db: SqlRunner;
}

/** A node-postgres client on the app's database while the app runs, closed with the scope. */
export async function connectAppDatabase(scope: CleanupScope, environment: AppEnvironment): Promise<BenchDatabase> {
  let url: string;
  if (environment.mode === 'embedded') {
    const embedded = await connectEmbeddedPostgres(environment.dataDir, createLogger('bench'));
    scope.defer('release the embedded database', () => embedded.release());
    url = embedded.url;
  } else {
    url = (environment as DistributedEnvironment).databaseUrl;
  }
  const client = new Client({ connectionString: url, application_name: 'curbside-bench' });
  // A connection the server ends (the app stopping its database) must fail the next query, not the process.
  client.on('error', (err) => progress(`bench database connection: ${errorMessage(err)}`));
  await client.connect();
  scope.defer('close the bench database connection', () => client.end());
  return { url, client, db: sqlRunner(client) };
}

/** A pool of `size` connections to the same database, for timing SQL at the HTTP load's concurrency. */
export function openPool(scope: CleanupScope, url: string, size: number): Pool {
  const pool = new Pool({ connectionString: url, max: size, application_name: 'curbside-bench-concurrent' });
  pool.on('error', (err) => progress(`bench pool connection: ${errorMessage(err)}`));
  scope.defer('close the bench pool', () => pool.end());
  return pool;
}

/** Starts the app on a free port, registers its stop with the scope, and waits until /api/health is 200. */
export async function startApp(scope: CleanupScope, environment: AppEnvironment, healthTimeoutMs = 180_000): Promise<StartedApp> {
  const port = await freePort();
  const app = AppProcess.start({ mode: environment.mode, env: environment.env, port, logFile: environment.logFile });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const killed = await app.stop();
    if (killed.length > 0) progress(`${environment.mode}: killed ${killed.length} leftover process(es): ${killed.join(', ')}`);
  };
  scope.defer(`stop the ${environment.mode} app (pid ${app.pid})`, stop);
  progress(`${environment.mode}: started launcher pid ${app.pid} on ${app.baseUrl}; waiting for /api/health`);
  const ms = await app.waitHealthy(healthTimeoutMs);
  progress(`${environment.mode}: healthy after ${formatDuration(ms)} (${app.rememberDescendants()} child processes)`);
  return Object.assign(app, { stopNow: stop });
}

export type StartedApp = AppProcess & { stopNow(): Promise<void> };
