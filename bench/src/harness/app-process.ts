import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, WriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { errorMessage, formatDuration, progress, sleep } from './log';

/** The repository root (bench/dist/harness → ../../..). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export type RunMode = 'embedded' | 'distributed';

export const LAUNCHER_ENTRY: Record<RunMode, string> = {
  embedded: join(REPO_ROOT, 'launcher', 'dist', 'embedded.js'),
  distributed: join(REPO_ROOT, 'launcher', 'dist', 'distributed.js'),
};

/** A process as /proc shows it; the start time tells a live process from a later one that reused its PID. */
interface ProcessIdentity {
  pid: number;
  startTime: string;
}

function readStat(pid: number): { ppid: number; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), startTime: fields[19] };
  } catch {
    return null;
  }
}

/** Every descendant of `rootPid` (children, grandchildren, …) according to /proc. */
export function descendantsOf(rootPid: number): ProcessIdentity[] {
  if (!existsSync('/proc')) return [];
  const byParent = new Map<number, ProcessIdentity[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = readStat(pid);
    if (!stat) continue;
    const siblings = byParent.get(stat.ppid) ?? [];
    siblings.push({ pid, startTime: stat.startTime });
    byParent.set(stat.ppid, siblings);
  }
  const found: ProcessIdentity[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const child of byParent.get(parent) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

function isSameProcessAlive(identity: ProcessIdentity): boolean {
  const stat = readStat(identity.pid);
  return stat !== null && stat.startTime === identity.startTime;
}

export interface StartAppOptions {
  mode: RunMode;
  env: Record<string, string>;
  port: number;
  /** Where the app's stdout and stderr go (appended). */
  logFile: string;
  /** Wait this long at most for GET /api/health to answer 200. */
  healthTimeoutMs?: number;
}

/**
 * One launcher process (`launcher/dist/<mode>.js`) started by the bench. Its output goes to a log file (the
 * pipe is always drained, so a chatty app never blocks); the last lines are kept for error messages.
 */
export class AppProcess {
  readonly baseUrl: string;
  private readonly tail: string[] = [];
  private readonly knownDescendants = new Map<number, ProcessIdentity>();
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly exited: Promise<void>;

  private constructor(
    readonly mode: RunMode,
    private readonly child: ChildProcess,
    private readonly log: WriteStream,
    port: number,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.exited = new Promise((resolveExit) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolveExit();
      });
    });
    const keep = (chunk: Buffer) => {
      log.write(chunk);
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.tail.push(line);
      if (this.tail.length > 40) this.tail.splice(0, this.tail.length - 40);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  get pid(): number {
    return this.child.pid as number;
  }

  get running(): boolean {
    return this.exitInfo === null;
  }

  static start(options: StartAppOptions): AppProcess {
    const entry = LAUNCHER_ENTRY[options.mode];
    if (!existsSync(entry)) {
      throw new Error(`${entry} does not exist: build the app first (cd ${REPO_ROOT} && npx nx run-many -t build)`);
    }
    const log = createWriteStream(options.logFile, { flags: 'a' });
    log.write(`\n===== ${new Date().toISOString()} start ${options.mode} on port ${options.port} =====\n`);
    const child = spawn(process.execPath, [entry], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid === undefined) throw new Error(`could not start ${entry}`);
    return new AppProcess(options.mode, child, log, options.port);
  }

  recentOutput(): string {
    return this.tail.map((line) => `    | ${line}`).join('\n');
  }

  /** Polls GET /api/health until 200; fails early if the process exits, with its last output. */
  async waitHealthy(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    let last = 'no answer yet';
    while (Date.now() - started < timeoutMs) {
      if (!this.running) {
        throw new Error(
          `the ${this.mode} app exited (code ${this.exitInfo?.code}, signal ${this.exitInfo?.signal}) before it was healthy; last output:\n${this.recentOutput()}`,
        );
      }
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
        if (response.status === 200) {
          await response.arrayBuffer();
          this.rememberDescendants();
          return Date.now() - started;
        }
        last = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
      } catch (err) {
        last = errorMessage(err);
      }
      await sleep(250);
    }
    throw new Error(`the ${this.mode} app was not healthy after ${formatDuration(timeoutMs)} (${last}); last output:\n${this.recentOutput()}`);
  }

  /** Child processes of the launcher (distributed mode: one per service and the gateway). */
  rememberDescendants(): number {
    if (this.running) for (const d of descendantsOf(this.pid)) this.knownDescendants.set(d.pid, d);
    return this.knownDescendants.size;
  }

  /**
   * SIGTERM to the launcher, which stops its own children; SIGKILL after `graceMs`. Then any descendant seen
   * while it ran that is still alive (the launcher gives up on its children after 5 s) is stopped by its PID.
   * Returns the PIDs that had to be killed by the bench.
   */
  async stop(graceMs = 15_000): Promise<number[]> {
    this.rememberDescendants();
    if (this.running) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => {
        progress(`the ${this.mode} launcher (pid ${this.pid}) did not exit within ${formatDuration(graceMs)}: SIGKILL`);
        this.child.kill('SIGKILL');
      }, graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    const leftovers = [...this.knownDescendants.values()].filter(isSameProcessAlive);
    const killed: number[] = [];
    if (leftovers.length > 0) {
      // Give children that are still finishing their shutdown a moment before forcing them.
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && leftovers.some(isSameProcessAlive)) await sleep(100);
      for (const leftover of leftovers.filter(isSameProcessAlive)) {
        progress(`pid ${leftover.pid} (a child of the ${this.mode} launcher) outlived it: SIGKILL`);
        try {
          process.kill(leftover.pid, 'SIGKILL');
          killed.push(leftover.pid);
        } catch (err) {
          progress(`could not kill pid ${leftover.pid}: ${errorMessage(err)}`);
        }
      }
    }
    await new Promise<void>((done) => this.log.end(done));
    return killed;
  }
}

/** The app's own Node processes (the launcher and the services and gateway it started), never a database server. */
export function nodeProcessesOf(app: AppProcess): number[] {
  const isNode = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] === process.execPath;
    } catch {
      return false;
    }
  };
  return [app.pid, ...descendantsOf(app.pid).map((d) => d.pid)].filter(isNode);
}
