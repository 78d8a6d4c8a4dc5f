import { RecentlySeen } from './recently-seen';

describe(RecentlySeen.name, () => {
  it('tells a key it has seen, and says so when it is added again', () => {
    const seen = new RecentlySeen<string>(3);
    expect(seen.add('a')).toBe(true);
    expect(seen.add('a')).toBe(false);
    expect(seen.has('a')).toBe(true);
    expect(seen.has('b')).toBe(false);
  });

  it('forgets the oldest key once it holds more than its size', () => {
    const seen = new RecentlySeen<number>(3);
    for (const n of [1, 2, 3, 4]) seen.add(n);
    expect([1, 2, 3, 4].map((n) => seen.has(n))).toEqual([false, true, true, true]);
  });
});
