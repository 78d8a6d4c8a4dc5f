import { ChildExit, DEFAULT_POLICY, SupervisedChild, Supervisor, SupervisorClock, SupervisorReport } from './supervisor';

/** A clock that moves only when the test says so. */
class FakeClock implements SupervisorClock {
  private time = 0;
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 1;

  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = until;
  }
}

let nextPid = 100;

class FakeChild implements SupervisedChild {
  readonly pid = nextPid++;
  readonly signals: NodeJS.Signals[] = [];
  exited = false;
  private listeners: ((exit: ChildExit) => void)[] = [];

  constructor(
    readonly app: string,
    private readonly obeysSigterm = true,
  ) {}

  kill(signal: NodeJS.Signals): void {
    this.signals.push(signal);
    if (signal === 'SIGKILL' || this.obeysSigterm) this.exit({ code: null, signal });
  }
  onExit(listener: (exit: ChildExit) => void): void {
    this.listeners.push(listener);
  }
  /** The process ends by itself (a crash, or `kill -9` from outside). */
  exit(exit: ChildExit = { code: null, signal: 'SIGKILL' }): void {
    if (this.exited) return;
    this.exited = true;
    for (const listener of this.listeners) listener(exit);
  }
}

describe(Supervisor.name, () => {
  let clock: FakeClock;
  let spawned: FakeChild[];
  let events: string[];
  let sut: Supervisor;

  const report: SupervisorReport = {
    restarting: (app, _exit, delayMs, crashes) => events.push(`restarting ${app} in ${delayMs} (${crashes})`),
    restarted: (app) => events.push(`restarted ${app}`),
    gaveUp: (app, _exit, crashes) => events.push(`gave up on ${app} (${crashes})`),
  };
  const latest = (app: string) => spawned.filter((c) => c.app === app).at(-1)!;
  const alive = () => spawned.filter((c) => !c.exited).map((c) => c.app);

  beforeEach(() => {
    clock = new FakeClock();
    spawned = [];
    events = [];
    sut = new Supervisor(
      ['items', 'users', 'gateway'],
      (app) => {
        const child = new FakeChild(app);
        spawned.push(child);
        return child;
      },
      report,
      DEFAULT_POLICY,
      clock,
    );
    sut.start();
  });

  it('starts every app once', () => {
    expect(spawned.map((c) => c.app)).toEqual(['items', 'users', 'gateway']);
    expect(sut.pidOf('items')).toBe(latest('items').pid);
  });

  it('restarts an app that dies, after 0.5 s, with a new process', () => {
    const first = latest('items');
    first.exit();
    expect(sut.pidOf('items')).toBeUndefined();
    clock.advance(499);
    expect(spawned).toHaveLength(3);
    clock.advance(1);
    expect(spawned).toHaveLength(4);
    expect(latest('items')).not.toBe(first);
    expect(sut.pidOf('items')).toBe(latest('items').pid);
    expect(events).toEqual(['restarting items in 500 (1)', 'restarted items']);
  });

  it('doubles the wait with each crash in the window, up to 10 s, and starts over once the window has passed', () => {
    const waits: number[] = [];
    const policy = { ...DEFAULT_POLICY, maxCrashes: 100 };
    sut = new Supervisor(
      ['items'],
      (app) => {
        const child = new FakeChild(app);
        spawned.push(child);
        return child;
      },
      { ...report, restarting: (_app, _exit, delayMs) => waits.push(delayMs) },
      policy,
      clock,
    );
    sut.start();
    for (let i = 0; i < 7; i++) {
      latest('items').exit();
      clock.advance(waits.at(-1)!);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);

    // A minute without a crash: the next one waits the shortest time again.
    clock.advance(60_000);
    latest('items').exit();
    expect(waits.at(-1)).toBe(500);
  });

  it('gives up after 5 crashes within 60 s: says which app, stops the others and finishes as crashed', async () => {
    for (let i = 0; i < 4; i++) {
      latest('items').exit({ code: 1, signal: null });
      clock.advance(10_000);
    }
    expect(alive()).toEqual(['users', 'gateway', 'items']);
    latest('items').exit({ code: 1, signal: null });

    expect(events.at(-1)).toBe('gave up on items (5)');
    expect(alive()).toEqual([]);
    await expect(sut.finished).resolves.toEqual({ stoppedBy: 'crashes', app: 'items' });
    // Nothing comes back afterwards.
    clock.advance(60_000);
    expect(alive()).toEqual([]);
  });

  it('does not give up on crashes spread over more than the window', () => {
    for (let i = 0; i < 8; i++) {
      latest('items').exit();
      clock.advance(20_000);
    }
    expect(events.filter((e) => e.startsWith('gave up'))).toEqual([]);
    expect(alive()).toContain('items');
  });

  it('stops everything on request without restarting anything, even an app that exits on its own meanwhile', async () => {
    latest('users').exit();
    const stopped = sut.stop();
    clock.advance(60_000);
    await stopped;
    expect(alive()).toEqual([]);
    expect(spawned).toHaveLength(3);
    expect(spawned.filter((c) => c.app !== 'users').every((c) => c.signals[0] === 'SIGTERM')).toBe(true);
    await expect(sut.finished).resolves.toEqual({ stoppedBy: 'request' });
    expect(events).toEqual(['restarting users in 500 (1)']);
  });

  it('sends SIGKILL to a process that ignores SIGTERM for 5 s', async () => {
    sut = new Supervisor(
      ['items'],
      (app) => {
        const child = new FakeChild(app, false);
        spawned.push(child);
        return child;
      },
      report,
      DEFAULT_POLICY,
      clock,
    );
    sut.start();
    const stubborn = latest('items');
    const stopped = sut.stop();
    clock.advance(4_999);
    expect(stubborn.exited).toBe(false);
    clock.advance(1);
    await stopped;
    expect(stubborn.signals).toEqual(['SIGTERM', 'SIGKILL']);
  });
});
