/**
 * The Kubernetes NATS cluster's config (the ConfigMap in k8s/nats.yaml) run for real: three nats-servers on loopback
 * with the StatefulSet's environment, as its pods would have it. The route's password lets the three form their
 * cluster and carry an app's messages from one to another; a server without it never joins.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { connect, type NatsConnection } from 'nats';
import { APP_NAMES, type AppName, LIVE_NOTIFICATIONS_TOPIC } from '@curbside/contracts';
import { freePortRun, natsPasswordVariable } from '@curbside/platform';
import { waitFor } from '@curbside/testing';
import { clusterAuthorization, natsRoutes } from './nats-conf';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

interface EnvEntry {
  name: string;
  value?: string;
}
type Manifest = { kind?: string; data?: Record<string, string>; spec?: { template: { spec: { containers: { env?: EnvEntry[] }[] } } } };

const manifests = parseAllDocuments(readFileSync(join(__dirname, 'k8s/nats.yaml'), 'utf8')).map((doc) => doc.toJS() as Manifest);
const conf = manifests.find((m) => m.kind === 'ConfigMap')?.data?.['nats.conf'] ?? '';
const statefulEnv = manifests.find((m) => m.kind === 'StatefulSet')?.spec?.template.spec.containers[0]?.env ?? [];

// A letter first, as the Secret's must be (secret.template.yaml): NATS reads each into its config, where "4e51…" is a number.
const hex = () => `n${randomBytes(16).toString('hex')}`;

describe("the Kubernetes NATS cluster's config, on three servers", () => {
  const dir = mkdtempSync(join(tmpdir(), 'curbside-nats-cluster-'));
  const appPasswords = Object.fromEntries(APP_NAMES.map((app) => [natsPasswordVariable(app), hex()]));
  const { passwordVariable } = clusterAuthorization(conf);
  const routeVariables = natsRoutes(conf);
  const servers: ChildProcess[] = [];
  const connections: NatsConnection[] = [];
  let base: number;
  // Three ports a server (clients, monitoring, cluster) on loopback, where the pods have one address each.
  const ports = (i: number) => ({ client: base + 3 * i, monitor: base + 3 * i + 1, cluster: base + 3 * i + 2 });

  /** One server as pod `nats-<i>`: the StatefulSet's env, with the route URLs' pod names pointing at loopback ports. */
  const start = (i: number, routePassword: string) => {
    const env: Record<string, string> = { ...appPasswords, POD_NAME: `nats-${i}`, [passwordVariable!]: routePassword };
    for (const [n, variable] of routeVariables.entries()) {
      const template = statefulEnv.find((e) => e.name === variable)?.value ?? '';
      env[variable] = template.replace(`$(${passwordVariable})`, routePassword).replace(/@[^/]+$/, `@127.0.0.1:${ports(n).cluster}`);
    }
    const { client, monitor, cluster } = ports(i);
    // The pod's volume and pid file are folders of this test's; the ports are flags, which override the file's.
    const confFile = join(dir, `nats-${i}.conf`);
    writeFileSync(
      confFile,
      conf
        .replace(/store_dir: \S+/, `store_dir: ${join(dir, `store-${i}`)}`)
        .replace(/pid_file: \S+/, `pid_file: ${join(dir, `nats-${i}.pid`)}`)
        // The cluster's port in the file, not by --cluster: that flag would replace the block's authorization too.
        .replace(/(cluster \{[^}]*?port:) \d+/, `$1 ${cluster}\n      host: 127.0.0.1`),
    );
    const args = ['-c', confFile, '-a', '127.0.0.1', '-p', String(client), '-m', String(monitor)];
    const server = spawn(NATS_SERVER, args, { env: { PATH: process.env.PATH, ...env }, stdio: 'ignore' });
    servers.push(server);
    return server;
  };
  const routesOf = async (i: number): Promise<number> =>
    ((await (await fetch(`http://127.0.0.1:${ports(i).monitor}/routez`, { signal: AbortSignal.timeout(2_000) })).json()) as { num_routes: number }).num_routes;

  beforeAll(async () => {
    base = await freePortRun(12);
    const routePassword = hex();
    for (let i = 0; i < routeVariables.length; i++) start(i, routePassword);
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    for (const server of servers) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('routes every server to the two others with the route password', async () => {
    expect(routeVariables).toHaveLength(3);
    for (let i = 0; i < 3; i++) await waitFor(async () => (await routesOf(i)) === 2, { timeoutMs: 20_000, what: `server ${i} to have 2 routes` });
  });

  it("carries an app's message from one server to a member of the cluster its subscriber is on", async () => {
    const as = async (i: number, app: AppName) => {
      const connection = await connect({
        servers: `nats://127.0.0.1:${ports(i).client}`,
        user: app,
        pass: appPasswords[natsPasswordVariable(app)],
        reconnect: false,
      });
      connections.push(connection);
      return connection;
    };
    const listener = await as(2, 'gateway');
    const heard = listener.subscribe(`curbside.live.${LIVE_NOTIFICATIONS_TOPIC}`, { max: 1 });
    await listener.flush();
    const speaker = await as(0, 'notifications');
    // Interest crosses the routes a moment after the subscription: publish until it arrives.
    const got = (async () => {
      for await (const message of heard) return message.string();
    })();
    let arrived = false;
    void got.then(() => (arrived = true));
    await waitFor(
      async () => {
        speaker.publish(`curbside.live.${LIVE_NOTIFICATIONS_TOPIC}`, 'across the cluster');
        await new Promise((resolve) => setTimeout(resolve, 50));
        return arrived;
      },
      { timeoutMs: 20_000, what: 'the message on the other server' },
    );
    expect(await got).toBe('across the cluster');
  });

  it('keeps out a server that gives another route password', async () => {
    start(3, hex());
    // Long enough for its first tries at all three (each server's route handshake takes milliseconds on loopback).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await waitFor(async () => (await routesOf(3)) >= 0, { timeoutMs: 20_000, what: 'the intruder to answer on its monitoring port' });
    expect(await routesOf(3)).toBe(0);
    for (let i = 0; i < 3; i++) expect(await routesOf(i)).toBe(2);
  });
});
