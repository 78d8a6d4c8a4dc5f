/** How a supervised process ended: its exit code, or the signal that ended it. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What the supervisor needs of a running process (a ChildProcess in `start:dist`, a fake in unit tests). */
export interface SupervisedChild {
  readonly pid: number | undefined;
  kill(signal: NodeJS.Signals): void;
  /** Calls `listener` once, when the process has exited (or could not be started). */
  onExit(listener: (exit: ChildExit) => void): void;
}

export interface SupervisorClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: SupervisorClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SupervisorPolicy {
  /** Wait before the first restart after a crash; it doubles with each crash in the window. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** This many crashes of one app within `crashWindowMs` and the supervisor gives up (stops everything). */
  maxCrashes: number;
  crashWindowMs: number;
  /** How long a stop waits for SIGTERM to end a process before it sends SIGKILL. */
  stopGraceMs: number;
}

export const DEFAULT_POLICY: SupervisorPolicy = {
  initialBackoffMs: 500,
  maxBackoffMs: 10_000,
  maxCrashes: 5,
  crashWindowMs: 60_000,
  stopGraceMs: 5_000,
};

/** What the supervisor tells its owner (the launcher logs it). */
export interface SupervisorReport {
  restarting(app: string, exit: ChildExit, delayMs: number, crashesInWindow: number): void;
  restarted(app: string, pid: number | undefined): void;
  gaveUp(app: string, exit: ChildExit, crashesInWindow: number): void;
}

export type SupervisorOutcome = { stoppedBy: 'request' } | { stoppedBy: 'crashes'; app: string };

interface Slot {
  child: SupervisedChild;
  running: boolean;
  crashes: number[];
  restartTimer?: unknown;
}

/**
 * Keeps a set of processes running: one that exits while nobody asked it to is started again after a backoff
 * (0.5 s, 1 s, 2 s … up to 10 s), and an app that keeps crashing (5 times within 60 s) stops the whole set, so
 * a broken build or configuration ends `start:dist` with a clear line instead of a restart loop. A requested
 * stop (Ctrl-C, SIGTERM) ends every process and restarts none.
 */
export class Supervisor {
  private readonly slots = new Map<string, Slot>();
  private stopRequested = false;
  private stopping: Promise<void> | undefined;
  private resolveFinished!: (outcome: SupervisorOutcome) => void;
  /** Resolves once every process has exited after a stop: asked for, or after repeated crashes. */
  readonly finished = new Promise<SupervisorOutcome>((resolve) => (this.resolveFinished = resolve));

  constructor(
    private readonly apps: readonly string[],
    private readonly spawnApp: (app: string) => SupervisedChild,
    private readonly report: SupervisorReport,
    private readonly policy: SupervisorPolicy = DEFAULT_POLICY,
    private readonly clock: SupervisorClock = systemClock,
  ) {}

  start(): void {
    for (const app of this.apps) this.launch(app, []);
  }

  pidOf(app: string): number | undefined {
    const slot = this.slots.get(app);
    return slot?.running ? slot.child.pid : undefined;
  }

  /** SIGTERM to every process (SIGKILL after the grace period), no restarts; resolves when all have exited. */
  stop(): Promise<void> {
    return this.stopAll({ stoppedBy: 'request' });
  }

  private stopAll(outcome: SupervisorOutcome): Promise<void> {
    this.stopRequested = true;
    this.stopping ??= (async () => {
      const exits = [...this.slots.values()].map((slot) => {
        if (slot.restartTimer !== undefined) this.clock.clearTimeout(slot.restartTimer);
        slot.restartTimer = undefined;
        if (!slot.running) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const killer = this.clock.setTimeout(() => slot.child.kill('SIGKILL'), this.policy.stopGraceMs);
          slot.child.onExit(() => {
            this.clock.clearTimeout(killer);
            resolve();
          });
          slot.child.kill('SIGTERM');
        });
      });
      await Promise.all(exits);
      this.resolveFinished(outcome);
    })();
    return this.stopping;
  }

  private launch(app: string, crashes: number[]): void {
    const child = this.spawnApp(app);
    const slot: Slot = { child, running: true, crashes };
    this.slots.set(app, slot);
    child.onExit((exit) => {
      slot.running = false;
      if (this.stopRequested) return;
      this.crashed(app, slot, exit);
    });
  }

  private crashed(app: string, slot: Slot, exit: ChildExit): void {
    const now = this.clock.now();
    slot.crashes = [...slot.crashes.filter((at) => now - at < this.policy.crashWindowMs), now];
    const count = slot.crashes.length;
    if (count >= this.policy.maxCrashes) {
      this.report.gaveUp(app, exit, count);
      void this.stopAll({ stoppedBy: 'crashes', app });
      return;
    }
    const delayMs = Math.min(this.policy.initialBackoffMs * 2 ** (count - 1), this.policy.maxBackoffMs);
    this.report.restarting(app, exit, delayMs, count);
    slot.restartTimer = this.clock.setTimeout(() => {
      slot.restartTimer = undefined;
      if (this.stopRequested) return;
      this.launch(app, slot.crashes);
      this.report.restarted(app, this.slots.get(app)?.child.pid);
    }, delayMs);
  }
}
