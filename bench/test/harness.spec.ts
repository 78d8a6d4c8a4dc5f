import { parseArgs, UsageError } from '../src/cli';
import { CleanupScope, withCleanup } from '../src/harness/cleanup';
import { percentile, summarize } from '../src/harness/stats';

describe('stats', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(summarize([5, 1, 3])).toMatchObject({ count: 3, p50_ms: 3, max_ms: 5, mean_ms: 3 });
    expect(() => summarize([])).toThrow('no latency samples');
  });
});

describe('parseArgs', () => {
  const known = ['feed'];
  it('reads the flags in both spellings', () => {
    const parsed = parseArgs(['feed', '--mode', 'distributed', '--items=5000', '--duration', '2.5', '--connections', '4'], known);
    expect(parsed).toMatchObject({ help: false, options: { scenario: 'feed', modes: ['distributed'], items: 5000, durationSeconds: 2.5, connections: 4 } });
  });
  it('defaults to both modes and 100,000 items', () => {
    expect(parseArgs(['feed'], known)).toMatchObject({ options: { modes: ['embedded', 'distributed'], items: 100_000, durationSeconds: 10, connections: 10 } });
  });
  it('keeps a database by a plain name only, and none by default', () => {
    expect(parseArgs(['feed'], known)).toMatchObject({ options: { keepDatabase: null, speed: 10 } });
    expect(parseArgs(['feed', '--speed', '2.5'], known)).toMatchObject({ options: { speed: 2.5 } });
    expect(parseArgs(['feed', '--keep-database', 'city_1m'], known)).toMatchObject({ options: { keepDatabase: 'city_1m' } });
  });
  it('rises to the city-day peak in 20 s unless told otherwise, and not at all with --ramp 0', () => {
    expect(parseArgs(['feed'], known)).toMatchObject({ options: { rampSeconds: 20 } });
    expect(parseArgs(['feed', '--ramp', '0'], known)).toMatchObject({ options: { rampSeconds: 0 } });
    expect(parseArgs(['feed', '--ramp=7.5'], known)).toMatchObject({ options: { rampSeconds: 7.5 } });
  });
  it.each([
    [['nope']],
    [[]],
    [['feed', '--items', '-3']],
    [['feed', '--mode', 'cluster']],
    [['feed', '--what', '1']],
    [['feed', '--items']],
    [['feed', '--keep-database', 'x; DROP DATABASE postgres']],
    [['feed', '--speed', '0']],
    [['feed', '--speed', 'fast']],
    [['feed', '--ramp', '-1']],
  ])('rejects %j', (argv) => {
    expect(() => parseArgs(argv, known)).toThrow(UsageError);
  });
});

describe('CleanupScope', () => {
  it('undoes in reverse order and keeps going when a step fails', async () => {
    const done: string[] = [];
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await expect(
      withCleanup('test', async (scope: CleanupScope) => {
        scope.defer('first', () => void done.push('first'));
        scope.defer('broken', () => {
          throw new Error('boom');
        });
        scope.defer('last', () => void done.push('last'));
        throw new Error('the body failed');
      }),
    ).rejects.toThrow('the body failed');
    stderr.mockRestore();
    expect(done).toEqual(['last', 'first']);
  });
});
