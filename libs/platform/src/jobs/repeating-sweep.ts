export interface RepeatingSweepOptions {
  /** Time between two starts; a start due while the last run is still going is skipped. */
  everyMs: number;
  /** Also runs once at once, not only after the first interval. */
  atStart?: boolean;
  /** Told of a run that failed; the next interval's run is the retry. */
  onError(err: unknown): void;
}

export interface RepeatingSweep {
  /** Stops the timer and waits for a run in progress, so a closing service does not pull its pool from under it. */
  stop(): Promise<void>;
}

/**
 * A service's timed sweep (expiry, pending points, delivery-detail erasure …): at most one run at a time in this
 * process — replicas rely on their SQL (FOR UPDATE SKIP LOCKED) for each other — and the timer does not keep the
 * process alive on its own.
 */
export function startRepeatingSweep(run: () => Promise<unknown>, options: RepeatingSweepOptions): RepeatingSweep {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= run()
      .then(() => undefined)
      .catch((err: unknown) => options.onError(err))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  if (options.atStart) tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
