import { ChildProcess, execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Item } from '@curbside/contracts';
import { freePort } from '@curbside/platform';
import { ApiClient, createDistributedTestEnvironment, DistributedTestEnvironment, waitFor } from '@curbside/testing';

const ROOT = resolve(__dirname, '..', '..');
const DISTRIBUTED = join(ROOT, 'launcher', 'dist', 'distributed.js');
const run = promisify(execFile);
const HERE = { lat: 45.52, lng: -122.68 };

/** The processes `start:dist` started, by the entry each runs (`services/items/dist/main.js` → items). */
async function childrenOf(pid: number): Promise<Map<string, number>> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(pid)]);
  const children = new Map<string, number>();
  for (const line of stdout.split('\n').filter(Boolean)) {
    const [, childPid, args] = /^\s*(\d+)\s+(.*)$/.exec(line) ?? [];
    const app = /(?:services\/([\w-]+)|(gateway))\/dist\/main\.js/.exec(args ?? '');
    if (app) children.set(app[1] ?? app[2], Number(childPid));
  }
  return children;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm run start:dist` (the launcher's distributed entry, as the npm script runs it after building) on the real
 * PostgreSQL, NATS and Redis: a service killed with -9 is started again and answers within seconds, the health
 * polling while services start leaves no stack traces in the log, and SIGTERM stops every process with nothing
 * restarted.
 */
describe('start:dist supervises its processes', () => {
  let environment: DistributedTestEnvironment;
  let launcher: ChildProcess;
  let exited: Promise<number | null>;
  const output: string[] = [];
  let url: string | undefined;

  beforeAll(async () => {
    environment = await createDistributedTestEnvironment();
    launcher = spawn(process.execPath, [DISTRIBUTED], {
      env: { ...process.env, ...environment.env, HOST: '127.0.0.1', PORT: String(await freePort()), LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    const keep = (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) {
        output.push(line);
        url ??= /gateway listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      }
    };
    launcher.stdout?.on('data', keep);
    launcher.stderr?.on('data', keep);
    exited = new Promise((r) => launcher.once('exit', (code) => r(code)));
  }, 60_000);

  afterAll(async () => {
    // The launcher's whole log, for when this test fails.
    writeFileSync(join(tmpdir(), 'curbside-supervisor-int-spec.log'), output.join('\n'));
    if (launcher?.exitCode === null && launcher.signalCode === null) {
      const children = launcher.pid ? await childrenOf(launcher.pid).catch(() => new Map<string, number>()) : new Map<string, number>();
      launcher.kill('SIGKILL');
      for (const pid of children.values()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    await environment?.dispose();
  });

  it('starts quietly, brings a killed service back within 10 s, and stops everything on SIGTERM', async () => {
    // Start-up: poll /api/health as a person or a load balancer would while the services migrate and connect.
    const base = await waitFor(() => url ?? (launcher.exitCode !== null ? Promise.reject(new Error(output.join('\n'))) : undefined), {
      timeoutMs: 60_000,
      intervalMs: 100,
      what: 'the gateway to say where it listens',
    });
    await waitFor(async () => (await fetch(`${base}/api/health`)).status === 200, { timeoutMs: 120_000, intervalMs: 200, what: 'all services healthy' });
    const api = new ApiClient(base);
    const feed = () => api.get<Item[]>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`);
    expect((await feed()).status).toBe(200);
    // The 503s of those polls are answers, not failures of the gateway: no stack trace, no error line.
    const startUp = output.join('\n');
    expect(startUp).not.toMatch(/"stack"|\n\s+at .+:\d+:\d+/);
    expect(output.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);

    // kill -9 of the items service: the launcher says so and starts it again at once (its part: within 5 s, the
    // 0.5 s back-off included); the items API then answers as soon as the new process has booted. That boot is
    // ~2.5 s on a quiet machine and several times that while the rest of the suite runs beside it, so its wait is
    // generous: the launcher's own delay is what this test measures.
    const before = await childrenOf(launcher.pid!);
    expect([...before.keys()].sort()).toEqual(['emergency', 'gateway', 'items', 'notifications', 'photo-validation', 'rewards', 'users']);
    const killedAt = Date.now();
    process.kill(before.get('items')!, 'SIGKILL');
    const statuses: number[] = [];
    const polling = waitFor(
      async () => {
        statuses.push((await fetch(`${base}/api/health`)).status);
        return (await feed()).status === 200 && (await childrenOf(launcher.pid!)).get('items') !== before.get('items');
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'the items service to answer again' },
    );
    await waitFor(async () => /items restarted \(pid \d+\)/.test(output.join('\n')), { timeoutMs: 10_000, intervalMs: 20, what: 'items started again' });
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    await polling;
    expect(output.join('\n')).toMatch(/items stopped unexpectedly \(killed by SIGKILL\); restarting it in 0.5 s/);
    // While items was down the gateway answered 503 (health and feed) and logged no stack trace for it.
    expect(statuses).toContain(503);
    expect(output.join('\n')).not.toMatch(/"stack"/);
    const after = await childrenOf(launcher.pid!);
    expect(after.get('users')).toBe(before.get('users'));

    // SIGTERM (what Ctrl-C and `docker stop` send): every process stops, none is started again, exit code 0.
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of after.values()) expect(isAlive(pid)).toBe(false);
    expect(output.join('\n')).not.toMatch(/stopped unexpectedly[^\n]*(users|gateway|rewards|notifications|emergency|photo-validation)/);
  }, 180_000);
});
