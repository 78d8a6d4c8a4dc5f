import { ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@curbside/platform';
import { waitFor } from '@curbside/testing';

const ROOT = resolve(__dirname, '..', '..');
const run = promisify(execFile);

/** Anything a prompt library prints when it asks: Nx's "Share usage data with the Nx team?", a y/N, a cursor. */
const PROMPT = /usage data|\? .+›|\((y\/N|Y\/n|yes\/no)\)|◆|◇/i;

/** A terminal's text as a person reads it: no colour or cursor codes, no carriage returns. */
function plain(text: string): string {
  /* eslint-disable no-control-regex -- terminal escape codes are control characters */
  return text
    .replace(/\x1b\][^\x07]*\x07/g, '')
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/\r/g, '');
  /* eslint-enable no-control-regex */
}

/**
 * A command on a pseudo-terminal, as a person types it: util-linux `script` gives it a terminal (stdin and stdout
 * are TTYs, so Nx would ask its questions), and our end of its input stays open and silent, so a question waits
 * forever, as it would for a person who does not answer.
 */
class TerminalCommand {
  private raw = '';
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(command: string, cwd: string, env: NodeJS.ProcessEnv) {
    // A terminal of a person's size: with none, script's terminal is 0 columns wide and prompts print a letter a line.
    this.child = spawn('script', ['-qfec', `stty cols 120 rows 40; ${command}`, '/dev/null'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.raw += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.raw += chunk.toString()));
    this.exited = new Promise((r) => this.child.once('close', (code) => r(code)));
  }

  text(): string {
    return plain(this.raw);
  }

  /** The non-blank lines, without npm's own notices about this machine's npm settings (not the project's output). */
  lines(): string[] {
    return this.text()
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() && !/^npm (warn|notice)\b/.test(line));
  }

  /** Waits for `pattern`; fails at once on a question or when the command ends first. */
  async waitFor(pattern: RegExp, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = this.text();
      if (PROMPT.test(text)) throw new Error(`It asked a question:\n${text}`);
      if (pattern.test(text)) return;
      if (this.child.exitCode !== null) throw new Error(`It ended (exit code ${this.child.exitCode}) before ${pattern}:\n${text}`);
      if (Date.now() > deadline) throw new Error(`Nothing matched ${pattern} within ${timeoutMs / 1000} s (waiting for an answer?):\n${text}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Ctrl-C typed on the terminal: the terminal sends SIGINT to what runs in it; resolves once all has ended. */
  async interrupt(): Promise<void> {
    this.child.stdin?.write('\x03');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    // npm answers a Ctrl-C with 130 (128 + SIGINT), as shells do, whatever its script did.
    expect([0, 130]).toContain(await this.exited);
    clearTimeout(timer);
    expect(this.text()).toMatch(/INFO.*Stopped\n/);
  }
}

/** A fresh clone shares this checkout's installed packages instead of installing them again (a minute or more). */
function linkPackages(clone: string): void {
  for (const folder of ['', ...workspaceFolders()]) {
    const from = join(ROOT, folder, 'node_modules');
    if (!existsSync(from)) continue;
    const to = join(clone, folder, 'node_modules');
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) {
      // The workspace links point at this checkout's projects; the clone's must point at its own (same relative paths).
      if (entry === '@curbside') {
        mkdirSync(join(to, entry));
        for (const link of readdirSync(join(from, entry))) symlinkSync(readlinkSync(join(from, entry, link)), join(to, entry, link));
      } else {
        symlinkSync(join(from, entry), join(to, entry));
      }
    }
  }
}

function workspaceFolders(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(join(ROOT, pattern.slice(0, -2))).map((name) => join(pattern.slice(0, -2), name)) : [pattern],
  );
}

/** The postmaster recorded in the cluster's postmaster.pid, when that process is alive. */
function postmasterOf(dataDir: string): number | undefined {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * What a newcomer does on a real terminal in a fresh clone: `npm start`, Ctrl-C, `npm start` again. Nothing may ask
 * a question (Nx asked whether to share usage data, waited, and rewrote nx.json), the second start shows the URL
 * within its first 5 lines (Nx's build output came first, about 120 lines), and the clone stays clean.
 */
describe('npm start on a terminal, in a fresh clone', () => {
  let clone: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const commands: TerminalCommand[] = [];
  const onTerminal = (command: string) => {
    const started = new TerminalCommand(command, clone, env);
    commands.push(started);
    return started;
  };

  beforeAll(async () => {
    // Under /tmp, open to all: as root, the embedded PostgreSQL runs as the postgres user, who must enter DATA_DIR.
    const base = mkdtempSync(join(tmpdir(), 'curbside-first-start-'));
    chmodSync(base, 0o755);
    clone = join(base, 'curbside');
    dataDir = join(base, 'data');
    await run('git', ['clone', '--quiet', ROOT, clone]);
    linkPackages(clone);
    // A person's shell, not this test's: no CI flag (Nx asks only outside CI), none of Nx's, npm's or Jest's variables.
    const { PATH, HOME, USER, LANG, SHELL } = process.env;
    env = { PATH, HOME, USER, LANG, SHELL, TERM: 'xterm-256color', CI: 'false', DATA_DIR: dataDir, PORT: String(await freePort()) };
  }, 60_000);

  afterAll(async () => {
    for (const command of commands) if (command.child.exitCode === null) command.child.kill('SIGKILL');
    // Killing `script` hangs up its terminal, which stops the app; a postmaster left behind is stopped here.
    await waitFor(() => !postmasterOf(dataDir), { timeoutMs: 10_000, what: 'the app to stop' }).catch(() => undefined);
    const orphan = postmasterOf(dataDir);
    if (orphan) process.kill(orphan, 'SIGINT');
    await waitFor(() => !postmasterOf(dataDir), { timeoutMs: 20_000, what: 'postgres to stop' }).catch(() => undefined);
    if (clone) rmSync(resolve(clone, '..'), { recursive: true, force: true });
  });

  it('asks nothing, shows the URL within the first 5 lines of a second start, and leaves the clone clean', async () => {
    // The command under `npm test` and the other scripts: Nx itself, straight on the terminal.
    const nx = onTerminal('npx nx show projects');
    await nx.waitFor(/\blauncher\b/, 60_000);
    expect(await nx.exited).toBe(0);
    expect(nx.text()).not.toMatch(PROMPT);

    // First start: the clone has no build yet (Nx may restore one from its cache in ~/.nx, shared by every checkout
    // of this repository on the machine); at most one line says so, whatever Nx printed.
    const first = onTerminal('npm start');
    await first.waitFor(/Curbside is running on http:\/\/localhost:\d+/, 240_000);
    expect(first.lines().filter((line) => /build|nx run|NX /i.test(line) && !line.startsWith('> '))).toEqual(
      first.text().includes('Building Curbside…') ? ['Building Curbside…'] : [],
    );
    await first.interrupt();

    // Second start: the URL within the first 5 lines, counting npm's own "> curbside@… start" and "> command" lines.
    const second = onTerminal('npm start');
    await second.waitFor(/Curbside is running on http:\/\/localhost:\d+/, 60_000);
    const lines = second.lines();
    const urlLine = lines.findIndex((line) => /Curbside is running on http:\/\/localhost:\d+/.test(line));
    expect(lines.slice(0, 5)).toContainEqual(expect.stringMatching(/Curbside is running on http:\/\/localhost:\d+/));
    expect(lines.slice(0, urlLine).some((line) => line.includes(`Starting Curbside; data in ${dataDir}`))).toBe(true);
    await second.interrupt();

    // Nothing tracked was rewritten (nx.json above all), nothing untracked left outside the ignored folders.
    const { stdout } = await run('git', ['status', '--porcelain'], { cwd: clone });
    expect(stdout).toBe('');
  }, 360_000);
});
