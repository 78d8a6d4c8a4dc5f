import { startRepeatingSweep } from './repeating-sweep';

/** A run the test finishes by hand. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

describe(startRepeatingSweep.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs every interval, and at start only when asked', async () => {
    const later = jest.fn(async () => undefined);
    const now = jest.fn(async () => undefined);
    const a = startRepeatingSweep(later, { everyMs: 1000, onError: jest.fn() });
    const b = startRepeatingSweep(now, { everyMs: 1000, atStart: true, onError: jest.fn() });
    expect([later.mock.calls.length, now.mock.calls.length]).toEqual([0, 1]);
    await jest.advanceTimersByTimeAsync(3000);
    expect([later.mock.calls.length, now.mock.calls.length]).toEqual([3, 4]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('skips a start while the last run is still going', async () => {
    const slow = gate();
    const run = jest.fn(() => slow.done);
    const sweep = startRepeatingSweep(run, { everyMs: 1000, onError: jest.fn() });
    await jest.advanceTimersByTimeAsync(3500);
    expect(run).toHaveBeenCalledTimes(1);
    slow.open();
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    await sweep.stop();
  });

  it('reports a failed run and tries again at the next interval', async () => {
    const onError = jest.fn();
    const run = jest.fn().mockRejectedValueOnce(new Error('connection lost')).mockResolvedValue(7);
    const sweep = startRepeatingSweep(run, { everyMs: 1000, atStart: true, onError });
    await jest.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(new Error('connection lost'));
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
    await sweep.stop();
  });

  it('stops: waits for the run in progress and starts no other', async () => {
    const slow = gate();
    const run = jest.fn(() => slow.done);
    const sweep = startRepeatingSweep(run, { everyMs: 1000, atStart: true, onError: jest.fn() });
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    slow.open();
    await stopping;
    await jest.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
