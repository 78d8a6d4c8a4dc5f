import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SERVICE_NAMES, User } from '@curbside/contracts';
import { createNatsLiveChannel, freePortRun, loadConfig } from '@curbside/platform';
import { ApiClient, createDistributedTestEnvironment, DistributedTestEnvironment, waitFor } from '@curbside/testing';
import Redis from 'ioredis';
import { connect } from 'nats';
import { Client } from 'pg';
import { AppProcesses, entryOf } from './app-processes';

const ROOT = resolve(__dirname, '..', '..');
const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';

/**
 * The compose file's NATS (infra/nats/nats.conf, which lets in only the user and password the apps give) and a Redis
 * that asks for a password as the compose file's does, with the apps as `start:dist` runs them: every kind of
 * connection they make (calls and answers, the event stream, live signals, a container's healthcheck, jobs and write
 * limits) gives the password, and nothing gets in without it.
 */
describe('the apps on NATS and Redis servers that ask for a password', () => {
  const password = randomUUID().replace(/-/g, '');
  let dir: string;
  let server: ChildProcess;
  let redisServer: ChildProcess;
  let natsUrl: string;
  let redisUrl: string;
  let environment: DistributedTestEnvironment;
  let apps: AppProcesses;
  let env: Record<string, string>;
  let api: ApiClient;
  let db: Client;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'curbside-nats-'));
    // The repository's own config; only where JetStream keeps its files differs, and the ports (flags override).
    const conf = readFileSync(join(ROOT, 'infra/nats/nats.conf'), 'utf8').replace(/store_dir: \S+/, `store_dir: ${join(dir, 'jetstream')}`);
    writeFileSync(join(dir, 'nats.conf'), conf);
    const port = await freePortRun(2);
    natsUrl = `nats://127.0.0.1:${port}`;
    server = spawn(NATS_SERVER, ['--config', join(dir, 'nats.conf'), '-js', '-a', '127.0.0.1', '-p', String(port), '-m', String(port + 1)], {
      env: { ...process.env, NATS_PASSWORD: password },
      stdio: 'ignore',
    });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port + 1}/healthz`).catch(() => null))?.status === 200, {
      timeoutMs: 15_000,
      what: 'the NATS server to be ready',
    });

    const redisPort = await freePortRun(1);
    redisUrl = `redis://:${password}@127.0.0.1:${redisPort}`;
    redisServer = spawn(REDIS_SERVER, ['--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'no', '--requirepass', password], {
      stdio: 'ignore',
    });
    await waitFor(async () => (await withRedis(redisUrl, (redis) => redis.ping()).catch(() => null)) === 'PONG', {
      timeoutMs: 15_000,
      what: 'the Redis server to be ready',
    });

    environment = await createDistributedTestEnvironment();
    env = { ...environment.env, NATS_URL: natsUrl, NATS_USER: 'curbside', NATS_PASSWORD: password, REDIS_URL: redisUrl, HOST: '127.0.0.1' };
    apps = new AppProcesses(env);
    for (const service of SERVICE_NAMES) apps.start(service);
    apps.start('gateway');
    api = new ApiClient(await apps.waitHealthy(120_000).catch((err: Error) => Promise.reject(new Error(`${err.message}\n${apps.endedReport()}`))));
    db = new Client({ connectionString: environment.database.url });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await apps?.stopAll();
    server?.kill('SIGTERM');
    redisServer?.kill('SIGTERM');
    // The event stream went with the server; the rest of the environment is dropped as dispose() would.
    await environment?.database.drop();
    if (environment) rmSync(environment.env.DATA_DIR, { recursive: true, force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a NATS connection without the password, or with another one', async () => {
    for (const credentials of [{}, { user: 'curbside', pass: 'not-the-password' }]) {
      await expect(connect({ servers: natsUrl, reconnect: false, ...credentials })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    }
  });

  it('refuses a Redis connection without the password', async () => {
    await expect(withRedis(redisUrl.replace(`:${password}@`, ''), (redis) => redis.ping())).rejects.toThrow(/NOAUTH/);
  });

  it("serves a member: the gateway calls a service, and the service's event reaches another", async () => {
    const created = await api.post<User>('/api/users', {});
    expect(created.status).toBe(201);
    // The write limit that answer counted, and the job queues the services opened, are in the password's Redis.
    const keys = await withRedis(redisUrl, (redis) => redis.keys(`${env['NAMESPACE']}:*`));
    expect(keys.some((key) => key.startsWith(`${env['NAMESPACE']}:throttle`))).toBe(true);
    expect(keys.some((key) => key.startsWith(`${env['NAMESPACE']}:jobs`))).toBe(true);
    // user.created, from the users service's outbox through JetStream to the rewards service.
    await waitFor(async () => (await db.query('SELECT 1 FROM rewards.members WHERE user_id = $1', [created.body.id])).rowCount === 1, {
      timeoutMs: 20_000,
      what: 'the rewards service to know the new member',
    });
  });

  it("says a service is healthy from its container's healthcheck", async () => {
    expect(existsSync(entryOf('items'))).toBe(true);
    await expect(promisify(execFile)(process.execPath, [entryOf('items'), '--healthcheck'], { env: { ...process.env, ...env } })).resolves.toBeDefined();
    // And, to be sure the check is one: without the password it fails.
    await expect(
      promisify(execFile)(process.execPath, [entryOf('items'), '--healthcheck'], { env: { ...process.env, ...env, NATS_USER: '', NATS_PASSWORD: '' } }),
    ).rejects.toMatchObject({ code: 1 });
  });

  it('carries live signals between processes', async () => {
    const [listener, speaker] = [createNatsLiveChannel(loadConfig(env), 'listener'), createNatsLiveChannel(loadConfig(env), 'speaker')];
    try {
      const heard: unknown[] = [];
      await listener.subscribe('probe', (payload) => heard.push(payload));
      await waitFor(
        async () => {
          await speaker.publish('probe', { n: 1 });
          return heard.length > 0;
        },
        { timeoutMs: 5_000, what: 'the signal to arrive' },
      );
      expect(heard[0]).toEqual({ n: 1 });
    } finally {
      await listener.close();
      await speaker.close();
    }
  });

  it('refuses to start with a user and no password', () => {
    expect(() => loadConfig({ ...env, NATS_PASSWORD: '' })).toThrow('set both NATS_USER and NATS_PASSWORD, or neither');
  });
});

/** `work` on a Redis connection of its own that tries once, closed after. */
async function withRedis<T>(url: string, work: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, { lazyConnect: true, enableReadyCheck: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}
