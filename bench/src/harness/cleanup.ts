import { errorMessage, progress } from './log';

type CleanupStep = { label: string; run: () => Promise<void> | void };

const openScopes = new Set<CleanupScope>();

/**
 * Resources a run creates (processes, temp dirs, databases, streams) register how to undo themselves here, and
 * are undone last-in-first-out when the scope closes: after a mode finishes, when it fails, or on SIGINT.
 * One failing step never keeps the others from running.
 */
export class CleanupScope {
  private readonly steps: CleanupStep[] = [];
  private closing: Promise<void> | null = null;

  constructor(readonly name: string) {
    openScopes.add(this);
  }

  defer(label: string, run: () => Promise<void> | void): void {
    if (this.closing) throw new Error(`cleanup scope ${this.name} is already closing; cannot add "${label}"`);
    this.steps.push({ label, run });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      while (this.steps.length > 0) {
        const step = this.steps.pop() as CleanupStep;
        try {
          await step.run();
        } catch (err) {
          progress(`cleanup "${step.label}" (${this.name}) failed: ${errorMessage(err)}`);
        }
      }
      openScopes.delete(this);
    })();
    return this.closing;
  }
}

/** Runs `body` with a fresh scope and always closes it, whatever `body` does. */
export async function withCleanup<T>(name: string, body: (scope: CleanupScope) => Promise<T>): Promise<T> {
  const scope = new CleanupScope(name);
  try {
    return await body(scope);
  } finally {
    await scope.close();
  }
}

/**
 * Ctrl-C / SIGTERM: close every open scope (newest first), then exit 130. A second signal exits at once.
 * Children started without `detached` also receive a terminal's Ctrl-C; stopping them twice is harmless.
 */
export function installSignalHandlers(): void {
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) {
      progress(`${signal} again: exiting without finishing the cleanup`);
      process.exit(130);
    }
    interrupted = true;
    progress(`${signal}: cleaning up before exit (press Ctrl-C again to skip)`);
    const scopes = [...openScopes].reverse();
    void (async () => {
      for (const scope of scopes) await scope.close();
      process.exit(130);
    })();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
