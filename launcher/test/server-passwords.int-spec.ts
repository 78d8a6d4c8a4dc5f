import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { APP_NAMES, AppName, Events, LIVE_NOTIFICATIONS_TOPIC, SERVICE_NAMES, User } from '@curbside/contracts';
import { createNatsLiveChannel, freePortRun, loadConfig, natsInboxPrefix, natsPasswordVariable, natsStreamName } from '@curbside/platform';
import { ApiClient, createDistributedTestEnvironment, DistributedTestEnvironment, waitFor } from '@curbside/testing';
import Redis from 'ioredis';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { AppProcesses, entryOf } from './app-processes';

const ROOT = resolve(__dirname, '..', '..');
const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';

/**
 * The compose file's NATS (infra/nats/nats.conf, which lets in only a user per app, each with its own password and
 * limited to what that app does) and a Redis that asks for a password as the compose file's does, with the apps as
 * `start:dist` runs them, each as its own NATS user: every kind of connection they make (calls and answers, the event
 * stream, live signals, a container's healthcheck, jobs and write limits) gets through, nothing gets in without its
 * password, and no app's user can do what only another app does.
 */
describe('the apps on NATS and Redis servers that ask for a password', () => {
  const password = randomUUID().replace(/-/g, '');
  // Each starts with a letter, as the operator's must: NATS reads it into its config as a value, and "4e51…" is a number.
  const natsPasswords = Object.fromEntries(APP_NAMES.map((app) => [app, `n${randomUUID().replace(/-/g, '')}`])) as Record<AppName, string>;
  const natsUserOf = (app: AppName) => ({ NATS_USER: app, NATS_PASSWORD: natsPasswords[app] });
  // nats.conf's permissions name the compose file's namespace; this server is the test's own, so no other run shares it.
  const namespace = 'curbside';
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
    server = await startServer('the NATS server', async () => {
      const port = await freePortRun(2);
      natsUrl = `nats://127.0.0.1:${port}`;
      const child = spawn(NATS_SERVER, ['--config', join(dir, 'nats.conf'), '-js', '-a', '127.0.0.1', '-p', String(port), '-m', String(port + 1)], {
        env: { ...process.env, ...Object.fromEntries(APP_NAMES.map((app) => [natsPasswordVariable(app), natsPasswords[app]])) },
      });
      return {
        child,
        ready: async () => (await fetch(`http://127.0.0.1:${port + 1}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null))?.status === 200,
      };
    });
    redisServer = await startServer('the Redis server', async () => {
      const redisPort = await freePortRun(1);
      redisUrl = `redis://:${password}@127.0.0.1:${redisPort}`;
      const child = spawn(REDIS_SERVER, ['--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'no', '--requirepass', password]);
      return { child, ready: async () => (await withRedis(redisUrl, (redis) => redis.ping()).catch(() => null)) === 'PONG' };
    });

    environment = await createDistributedTestEnvironment();
    env = { ...environment.env, NAMESPACE: namespace, NATS_URL: natsUrl, REDIS_URL: redisUrl, HOST: '127.0.0.1' };
    apps = new AppProcesses(env, (app) => natsUserOf(app as AppName));
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

  it("refuses a NATS connection without a password, with a wrong one, or with another app's", async () => {
    for (const credentials of [{}, { user: 'items', pass: 'not-the-password' }, { user: 'items', pass: natsPasswords.gateway }]) {
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
    const healthcheck = (user: Record<string, string>) =>
      promisify(execFile)(process.execPath, [entryOf('items'), '--healthcheck'], { env: { ...process.env, ...env, ...user } });
    await expect(healthcheck(natsUserOf('items'))).resolves.toBeDefined();
    // And, to be sure the check is one: without the password it fails, and as another service, which may not ask it.
    await expect(healthcheck({ NATS_USER: '', NATS_PASSWORD: '' })).rejects.toMatchObject({ code: 1 });
    await expect(healthcheck(natsUserOf('photo-validation'))).rejects.toMatchObject({ code: 1 });
  });

  it('carries live signals between processes, on each topic from the apps that publish it only', async () => {
    const channel = (app: AppName) => createNatsLiveChannel(loadConfig({ ...env, ...natsUserOf(app) }), app);
    const [gateway, notifications, items] = [channel('gateway'), channel('notifications'), channel('items')];
    try {
      const heard: unknown[] = [];
      await gateway.subscribe(LIVE_NOTIFICATIONS_TOPIC, (payload) => heard.push(payload));
      await waitFor(
        async () => {
          await notifications.publish(LIVE_NOTIFICATIONS_TOPIC, { entries: [], from: 'notifications' });
          return heard.length > 0;
        },
        { timeoutMs: 5_000, what: 'the signal to arrive' },
      );
      expect(heard[0]).toEqual({ entries: [], from: 'notifications' });
      // The items service's user may not publish it: the server drops it, and only signals from notifications arrive.
      heard.length = 0;
      await items.publish(LIVE_NOTIFICATIONS_TOPIC, { entries: [], from: 'items' }).catch(() => undefined);
      await notifications.publish(LIVE_NOTIFICATIONS_TOPIC, { entries: [], from: 'notifications' });
      await waitFor(() => heard.length > 0, { timeoutMs: 5_000, what: 'the signal sent after it' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard.filter((signal) => (signal as { from: string }).from !== 'notifications')).toEqual([]);
    } finally {
      await Promise.all([gateway.close(), notifications.close(), items.close()]);
    }
  });

  it('refuses to start with a user and no password', () => {
    expect(() => loadConfig({ ...env, NATS_USER: 'items', NATS_PASSWORD: '' })).toThrow('set both NATS_USER and NATS_PASSWORD, or neither');
  });

  describe("each app's NATS user does what that app does, and nothing only another app does", () => {
    const connections: NatsConnection[] = [];
    const as = async (app: AppName) => {
      const connection = await connect({ servers: natsUrl, reconnect: false, user: app, pass: natsPasswords[app], inboxPrefix: natsInboxPrefix(app) });
      connections.push(connection);
      return connection;
    };
    const json = JSONCodec();
    const call = (connection: NatsConnection, subject: string, body: unknown) =>
      connection.request(`${namespace}.rpc.${subject}`, json.encode({ pattern: subject, id: randomUUID(), data: { meta: { requestId: 'probe' }, body } }), {
        timeout: 3_000,
      });
    afterAll(() => Promise.all(connections.map((c) => c.close())));

    it('only the emergency service may ask for a member found by an emergency lookup: the gateway cannot, past its audit', async () => {
      await expect(call(await as('gateway'), 'users.emergency-lookup', { userId: randomUUID() })).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
      const answer = await call(await as('emergency'), 'users.emergency-lookup', { userId: randomUUID() });
      expect(JSON.stringify(json.decode(answer.data))).toMatch(/NOT_FOUND|not found/i);
    });

    it("a service cannot publish another service's event", async () => {
      const photoChecks = (await as('photo-validation')).jetstream();
      await expect(photoChecks.publish(`${namespace}.events.points.awarded.v1`, json.encode({}))).rejects.toMatchObject({
        code: 'PERMISSIONS_VIOLATION',
      });
    });

    it("an app cannot read the replies sent to another app's inbox", async () => {
      const items = await as('items');
      const eavesdrop = items.subscribe(`${natsInboxPrefix('gateway')}.>`);
      await expect(
        (async () => {
          for await (const m of eavesdrop) return m;
        })(),
      ).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    });

    it("a service cannot read another service's consumer, nor point its own at other events", async () => {
      const stream = natsStreamName(namespace);
      const photoChecks = await (await as('photo-validation')).jetstreamManager();
      await expect(photoChecks.consumers.info(stream, 'rewards_credit-post')).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
      const rewards = await (await as('rewards')).jetstreamManager();
      // Its own consumer, as the bus made it, it may read; made again for every event, it may not.
      expect((await rewards.consumers.info(stream, 'rewards_credit-post')).config.filter_subject).toBe(`${namespace}.events.${Events.itemPosted.subject}`);
      await expect(rewards.consumers.add(stream, { durable_name: 'rewards_credit-post', filter_subject: `${namespace}.events.>` })).rejects.toMatchObject({
        code: 'PERMISSIONS_VIOLATION',
      });
    });

    it('an app cannot hear a live topic that is not for it', async () => {
      const eavesdrop = (await as('items')).subscribe(`${namespace}.live.${LIVE_NOTIFICATIONS_TOPIC}`);
      await expect(
        (async () => {
          for await (const m of eavesdrop) return m;
        })(),
      ).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    });

    it('a service cannot delete the event stream', async () => {
      const jsm = await (await as('rewards')).jetstreamManager();
      await expect(jsm.streams.delete(natsStreamName(namespace))).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
      expect((await jsm.streams.info(natsStreamName(namespace))).config.name).toBe(natsStreamName(namespace));
    });
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

/**
 * A server of our own, once it answers. One that ends before (its ports taken between the probe and its start by
 * another test's process) is started again on others; one that neither answers nor ends fails with what it printed.
 */
async function startServer(what: string, start: () => Promise<{ child: ChildProcess; ready: () => Promise<boolean> }>): Promise<ChildProcess> {
  for (let attempt = 1; ; attempt++) {
    const { child, ready } = await start();
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const ended = () => child.exitCode !== null || child.signalCode !== null;
    try {
      await waitFor(async () => ended() || (await ready()), { timeoutMs: 30_000, what: `${what} to be ready` });
    } catch (err) {
      child.kill('SIGKILL');
      throw new Error(`${(err as Error).message}; it printed:\n${output.join('').slice(-2000)}`);
    }
    if (!ended()) return child;
    if (attempt === 3) throw new Error(`${what} ended ${attempt} times before it answered; it printed:\n${output.join('').slice(-2000)}`);
  }
}
