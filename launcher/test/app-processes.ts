import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { waitFor } from '@curbside/testing';

const ROOT = resolve(__dirname, '..', '..');

/** `items` or a replica of it, `items#2`: the same build. */
export function entryOf(app: string): string {
  const name = app.split('#')[0];
  return name === 'gateway' ? join(ROOT, 'gateway', 'dist', 'main.js') : join(ROOT, 'services', name, 'dist', 'main.js');
}

/**
 * The built apps as separate processes, as `start:dist` runs them; each can be killed and restarted. Replicas
 * are named `<service>#<n>`.
 */
export class AppProcesses {
  private readonly running = new Map<string, ChildProcess>();
  private readonly output = new Map<string, string[]>();

  /** `envOf`: what one app's environment has besides `env` (its own NATS user, say), by app name. */
  constructor(
    private readonly env: Record<string, string>,
    private readonly envOf: (app: string) => Record<string, string> = () => ({}),
  ) {}

  /** The gateway's address, as it says once it listens (it is started on port 0: no other test can hold it). */
  gatewayUrl: string | undefined;

  start(app: string): void {
    const level = app === 'gateway' ? 'info' : 'warn';
    const env = { ...process.env, ...this.env, ...this.envOf(app.split('#')[0]), LOG_LEVEL: level, ...(app === 'gateway' ? { PORT: '0' } : {}) };
    const child = spawn(process.execPath, [entryOf(app)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (app === 'gateway') {
      child.stdout?.on('data', (chunk: Buffer) => {
        this.gatewayUrl ??= /gateway listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString())?.[1];
      });
    }
    const lines = this.output.get(app) ?? [];
    this.output.set(app, lines);
    const keep = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean).slice(-50));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.running.set(app, child);
  }

  /** SIGKILL: no goodbye, no cleanup, like a crash. */
  async crash(app: string): Promise<void> {
    const child = this.running.get(app);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.running.delete(app);
  }

  async stopAll(): Promise<void> {
    await Promise.all(
      [...this.running.values()].map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }),
    );
    this.running.clear();
  }

  pid(app: string): number | undefined {
    return this.running.get(app)?.pid;
  }

  logs(app: string): string {
    return (this.output.get(app) ?? []).join('\n');
  }

  /** For a failed wait: each process that has ended, how, and the last lines it printed. */
  endedReport(): string {
    const ended = [...this.running].filter(([, child]) => child.exitCode !== null || child.signalCode !== null);
    if (ended.length === 0) return 'every process is still running';
    return ended
      .map(([app, child]) => `${app} ended (${child.signalCode ?? `exit code ${child.exitCode}`}):\n${(this.output.get(app) ?? []).slice(-15).join('\n')}`)
      .join('\n');
  }

  /** Waits for the gateway to say where it listens and for every service to be healthy; returns the address. */
  async waitHealthy(timeoutMs = 30_000): Promise<string> {
    return waitFor(async () => this.gatewayUrl && (await fetch(`${this.gatewayUrl}/api/health`)).status === 200 && this.gatewayUrl, {
      timeoutMs,
      intervalMs: 200,
      what: 'all services healthy',
    });
  }
}
