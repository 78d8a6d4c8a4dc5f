import { ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { User } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';

const ROOT = resolve(__dirname, '..', '..');
const EMBEDDED = join(ROOT, 'launcher', 'dist', 'embedded.js');
const ADMIN_GRANT = join(ROOT, 'services', 'users', 'dist', 'admin-grant.js');
const run = promisify(execFile);

/** `node launcher/dist/embedded.js` (what `npm start` runs after building) on one DATA_DIR, as a person would run it. */
class EmbeddedApp {
  readonly output: string[] = [];
  url: string | undefined;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  /** `ownGroup`: the app leads a process group of its own, as a command typed on a terminal does. */
  constructor(dataDir: string, env: Record<string, string> = {}, ownGroup = false) {
    this.child = spawn(process.execPath, [EMBEDDED], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: ownGroup,
    });
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        this.output.push(line);
        this.url ??= /Curbside is running on (http:\/\/localhost:\d+)/.exec(line)?.[1];
      }
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((r) => this.child.once('exit', (code) => r(code)));
  }

  async ready(): Promise<ApiClient> {
    const url = await waitFor(() => this.url ?? (this.child.exitCode !== null ? Promise.reject(new Error(this.output.join('\n'))) : undefined), {
      timeoutMs: 60_000,
      intervalMs: 100,
      what: 'the app to say where it runs',
    });
    return new ApiClient(url.replace('localhost', '127.0.0.1'));
  }

  log(): string {
    return this.output.join('\n');
  }
}

/** The postmaster recorded in the cluster's postmaster.pid, when that process is alive. */
function postmasterOf(dataDir: string): number | undefined {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return isAlive(pid) ? pid : undefined;
}

/** The process group a process belongs to (field 5 of /proc/PID/stat, after the parenthesised command name). */
function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('embedded mode on its own PostgreSQL: start, Ctrl-C, kill -9, restart', () => {
  let dataDir: string;
  const apps: EmbeddedApp[] = [];
  const start = (env: Record<string, string> = {}, ownGroup = false) => {
    const app = new EmbeddedApp(dataDir, env, ownGroup);
    apps.push(app);
    return app;
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'curbside-embedded-'));
    // mkdtemp makes the folder private; as root, Postgres runs as the postgres user and must be able to enter it.
    chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    for (const app of apps) if (app.child.exitCode === null) app.child.kill('SIGKILL');
    const orphan = postmasterOf(dataDir);
    if (orphan) process.kill(orphan, 'SIGINT');
    await waitFor(() => !postmasterOf(dataDir), { timeoutMs: 20_000, what: 'postgres to stop' }).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every committed write across Ctrl-C, kill -9 and restarts, with one postmaster, and refuses a second app', async () => {
    // First start: initdb, migrations, the URL and the data folder in the first lines.
    const first = start();
    let api = await first.ready();
    expect(first.output[0]).toContain(`Starting Curbside; data in ${dataDir}`);
    // Nest's module and route chatter is debug output, not what a person starting the app reads.
    expect(first.log()).not.toMatch(/Mapped \{|dependencies initialized/);
    const user = (await api.post<User>('/api/users', {})).body;
    const firstPostmaster = postmasterOf(dataDir);
    expect(firstPostmaster).toBeDefined();

    // admin:grant works while the app runs, on the app's own server.
    const { stdout } = await run(process.execPath, [ADMIN_GRANT, '--user', user.id], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
    expect(stdout).toContain(`${user.username} (${user.id}) is now an administrator.`);

    // A second app on the same folder refuses, naming it, and the first one is unharmed.
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.log()).toContain(`The data folder ${dataDir} is in use by another Curbside`);
    expect((await api.get(`/api/users/${user.id}/admin-status`)).body).toEqual({ isAdmin: true, isModerator: false });

    // kill -9 of the Node process alone: its Postgres lives on.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(postmasterOf(dataDir)).toBe(firstPostmaster);

    // The next start stops that orphan and comes up with the data, on one postmaster.
    const third = start();
    api = await third.ready();
    expect(isAlive(firstPostmaster!)).toBe(false);
    const thirdPostmaster = postmasterOf(dataDir);
    expect(thirdPostmaster).toBeDefined();
    expect(thirdPostmaster).not.toBe(firstPostmaster);
    expect((await api.get<User>(`/api/users/${user.id}`)).body).toMatchObject({ id: user.id, username: user.username });
    const posted = await api.post<User>('/api/users', {});
    expect(posted.status).toBe(201);

    // Ctrl-C: the app and its Postgres stop cleanly, nothing is left running and the folder is free again.
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
    expect(isAlive(thirdPostmaster!)).toBe(false);
    expect(existsSync(join(dataDir, 'curbside.lock'))).toBe(false);

    // And once more after a clean stop: everything is still there. On a terminal (LOG_FORMAT=pretty) the log is lines.
    const fourth = start({ LOG_FORMAT: 'pretty' });
    api = await fourth.ready();
    expect(fourth.output[0]).toMatch(/INFO.*Starting Curbside; data in /);
    expect(fourth.output[0].startsWith('{')).toBe(false);
    expect((await api.get(`/api/users/${posted.body.id}`)).status).toBe(200);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
    expect(postmasterOf(dataDir)).toBeUndefined();

    // Ctrl-C on a terminal signals the whole foreground process group. The app's Postgres is not in it: the app
    // stops its services while the database still answers, then the database, with no warning on the way.
    const fifth = start({}, true);
    await fifth.ready();
    const fifthPostmaster = postmasterOf(dataDir)!;
    expect(processGroupOf(fifthPostmaster)).not.toBe(fifth.child.pid);
    process.kill(-fifth.child.pid!, 'SIGINT');
    expect(await fifth.exited).toBe(0);
    expect(fifth.log()).toMatch(/"msg":"Stopped"/);
    expect(fifth.output.filter((line) => /"level":(4|5|6)0/.test(line))).toEqual([]);
    expect(isAlive(fifthPostmaster)).toBe(false);

    // A Postgres stopped by someone else before the app gets to it: the app still ends in order, says so, and frees
    // the folder.
    const sixth = start();
    await sixth.ready();
    const sixthPostmaster = postmasterOf(dataDir)!;
    process.kill(sixthPostmaster, 'SIGINT');
    await waitFor(() => !isAlive(sixthPostmaster), { timeoutMs: 20_000, what: 'postgres to stop' });
    sixth.child.kill('SIGINT');
    expect(await sixth.exited).toBe(0);
    expect(sixth.log()).toMatch(/"msg":"Stopped"/);
    expect(existsSync(join(dataDir, 'curbside.lock'))).toBe(false);
  }, 180_000);

  it('reports a bad LOG_LEVEL as a configuration error, without a stack trace', async () => {
    const app = start({ LOG_LEVEL: 'loud' });
    expect(await app.exited).toBe(1);
    expect(app.log()).toContain('Invalid configuration: LOG_LEVEL');
    expect(app.log()).not.toMatch(/\bat .+\.js:\d+/);
  }, 30_000);

  it('tells the person what to do with data an older build (PGlite) left, and changes nothing', async () => {
    const legacyDir = mkdtempSync(join(tmpdir(), 'curbside-legacy-'));
    try {
      mkdirSync(join(legacyDir, 'pglite'));
      const app = new EmbeddedApp(legacyDir);
      apps.push(app);
      expect(await app.exited).toBe(1);
      expect(app.log()).toContain(`${join(legacyDir, 'pglite')} holds data from an earlier Curbside build (PGlite)`);
      expect(app.log()).not.toMatch(/\bat .+\.js:\d+/);
      expect(existsSync(join(legacyDir, 'postgres'))).toBe(false);
    } finally {
      rmSync(legacyDir, { recursive: true, force: true });
    }
  }, 30_000);
});
