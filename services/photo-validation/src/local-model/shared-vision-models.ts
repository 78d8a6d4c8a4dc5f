import { VisionThread } from './vision-thread.client';

interface Started {
  thread: Promise<VisionThread>;
  /** Set once started, to tell a live thread from a dead one without waiting. */
  ready: VisionThread | null;
}

let current: Started | null = null;
let holders = 0;

function start(): Started {
  const entry: Started = { thread: VisionThread.start(), ready: null };
  entry.thread.then(
    (thread) => (entry.ready = thread),
    // A failed start must not stick: the next check tries again.
    () => {
      if (current === entry) current = null;
    },
  );
  return entry;
}

/**
 * One model thread per process (~350 MB), however many validators use it: embedded mode runs one, the tests and
 * the bench run several. Started on first use, replaced if it died, ended when its last holder lets go.
 */
export const sharedVisionModels = {
  /** The live thread, started (models loaded) if there is none. */
  thread(): Promise<VisionThread> {
    if (current?.ready && !current.ready.alive) current = null;
    current ??= start();
    return current.thread;
  },

  hold(): void {
    holders += 1;
  },

  /** The last holder's release ends the thread once the checks queued on it are done. */
  async release(): Promise<void> {
    holders = Math.max(0, holders - 1);
    if (holders > 0 || !current) return;
    const { thread } = current;
    current = null;
    const started = await thread.catch(() => null);
    await started?.dispose();
  },
};
