import { LOCKOUT_WINDOW_MS, lockedUntil } from './audit-log';

describe(lockedUntil.name, () => {
  const T0 = Date.parse('2026-12-06T20:00:00Z');
  const at = (minutes: number) => new Date(T0 + minutes * 60_000);
  const failures = (...minutes: number[]) => minutes.map(at);

  it('locks for 15 minutes from the fifth wrong password within 15 minutes, however spread out the five were', () => {
    const spread = failures(0, 3, 6, 9, 14);
    expect(lockedUntil(spread, at(15))).toEqual(at(29));
    expect(lockedUntil(spread, at(28.9))).toEqual(at(29));
    expect(lockedUntil(spread, at(29))).toBeNull();
    expect(lockedUntil(failures(0, 1, 2, 3, 4), at(5))).toEqual(new Date(T0 + 4 * 60_000 + LOCKOUT_WINDOW_MS));
  });

  it('does not lock for four, nor for five spread over more than 15 minutes', () => {
    expect(lockedUntil(failures(0, 1, 2, 3), at(4))).toBeNull();
    expect(lockedUntil(failures(0, 4, 8, 12, 16), at(17))).toBeNull();
  });

  it('locks again for five more after a lock ended', () => {
    expect(lockedUntil(failures(0, 1, 2, 3, 4, 20, 21, 22, 23, 24), at(25))).toEqual(at(39));
  });
});
