import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { JourneyApp } from './journey-app';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const EMBEDDED_ENTRY = join(REPO_ROOT, 'launcher', 'dist', 'embedded.js');

export interface RunningApp extends JourneyApp {
  stop(): Promise<void>;
}

/**
 * The whole app in embedded mode on a free loopback port with a throw-away data dir; its output goes to
 * app.log in a temp folder of its own (its logFile). stop() ends exactly the process it started (by its pid) and removes
 * the data dir, and the log's folder too unless E2E_KEEP_LOGS is set. An app that fails to start keeps its log: the error
 * names it.
 */
export async function startEmbeddedApp(options: { frontendDist?: string; logFile?: string } = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-e2e-'));
  // As root the app's PostgreSQL runs as the postgres user, which must be able to enter the (private) temp folder.
  chmodSync(dataDir, 0o755);
  // A folder of its own per run: Playwright empties test-results/ when any run starts, and journeys read codes from this log.
  const ownLogDir = options.logFile === undefined ? mkdtempSync(join(tmpdir(), 'curbside-e2e-log-')) : undefined;
  const logFile = options.logFile ?? join(ownLogDir ?? '', 'app.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  const child: ChildProcess = spawn(process.execPath, [EMBEDDED_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      // Port 0: the app takes a port nobody holds and says which. A port picked here and bound later could be
      // taken meanwhile by another test's server, and the journeys would then talk to that one.
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      FRONTEND_DIST: options.frontendDist ?? join(REPO_ROOT, 'frontend', 'dist'),
      // Many journeys run from one address: the write limit must not be what a test measures.
      RATE_LIMIT_WRITES_PER_MINUTE: '2000',
      RATE_LIMIT_AUTH_PER_15_MINUTES: '2000',
      // The emergency password of the journeys, E2E_EMERGENCY_PASSWORD in community.spec.ts (npm run admin:hash-password).
      EMERGENCY_PASSWORD_HASH: 'scrypt$32768$8$1$zN5SNyvS3gyEe57DJd0pOQ$Sajuezn5z05b9W7tanOGLgSHus3OH2-HObBAmGglIF0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let baseUrl = '';
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
    const port = /Curbside is running on http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(output)?.[1];
    baseUrl ||= port ? `http://127.0.0.1:${port}` : '';
  });

  const stop = async ({ keepLog = Boolean(process.env.E2E_KEEP_LOGS) } = {}) => {
    if (child.exitCode === null && child.pid) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((done) => log.end(done));
    rmSync(dataDir, { recursive: true, force: true });
    if (ownLogDir && !keepLog) rmSync(ownLogDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop({ keepLog: true });
      throw new Error(`the embedded app exited with code ${child.exitCode} before it was healthy (see ${logFile})`);
    }
    try {
      const response = baseUrl ? await fetch(`${baseUrl}/api/health`) : undefined;
      if (response?.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop({ keepLog: true });
      throw new Error(`the embedded app was not healthy within 180 s (see ${logFile})`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, dataDir, logFile, stop: () => stop() };
}
