import { secondsUntilHourFrees } from './rolling-hour';

describe(secondsUntilHourFrees.name, () => {
  const now = Date.parse('2026-12-06T18:00:00Z');

  it('is the time until the oldest of the hour is an hour old, rounded up', () => {
    expect(secondsUntilHourFrees(new Date(now - 59 * 60_000), now)).toBe(60);
    expect(secondsUntilHourFrees('2026-12-06T17:30:00.400Z', now)).toBe(1801);
  });

  it('is never under a second, and a whole hour with nothing counted', () => {
    expect(secondsUntilHourFrees(new Date(now - 3_600_000), now)).toBe(1);
    expect(secondsUntilHourFrees(null, now)).toBe(3600);
  });
});
