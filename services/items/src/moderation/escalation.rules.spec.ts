import { counts, REPORTS_COUNTED_PER_DAY, reporterWeight, shouldHide, WeighedReport } from './escalation.rules';

const now = new Date('2026-11-24T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
const report = (overrides: Partial<WeighedReport> = {}): WeighedReport => ({
  verified: false,
  accountCreatedAt: hoursAgo(48),
  overruledRecently: 0,
  createdAt: hoursAgo(1),
  earlierToday: 0,
  blockedByOwner: false,
  ...overrides,
});
const verified = (overrides: Partial<WeighedReport> = {}) => report({ verified: true, accountCreatedAt: hoursAgo(1), ...overrides });
const newcomer = (overrides: Partial<WeighedReport> = {}) => report({ accountCreatedAt: hoursAgo(2), ...overrides });

describe('report escalation', () => {
  it('hides on two verified reporters, or three members whose accounts are older than a day', () => {
    expect(shouldHide([verified()], null, now)).toBe(false);
    expect(shouldHide([verified(), verified()], null, now)).toBe(true);
    expect(shouldHide([report(), report()], null, now)).toBe(false);
    expect(shouldHide([report(), report(), report()], null, now)).toBe(true);
  });

  it('does not count accounts of a day or less that are not verified, however many', () => {
    expect(shouldHide([newcomer(), newcomer(), newcomer(), newcomer(), newcomer()], null, now)).toBe(false);
    expect(counts(newcomer(), now)).toBe(false);
    expect(counts(report({ accountCreatedAt: hoursAgo(23.9) }), now)).toBe(false);
    expect(counts(report({ accountCreatedAt: hoursAgo(24.1) }), now)).toBe(true);
  });

  it('counts a reporter overruled three times in 90 days as half', () => {
    expect(reporterWeight({ overruledRecently: 2 })).toBe(1);
    expect(reporterWeight({ overruledRecently: 3 })).toBe(0.5);
    expect(shouldHide([verified(), verified({ overruledRecently: 3 })], null, now)).toBe(false);
    expect(shouldHide([verified(), verified({ overruledRecently: 3 }), verified({ overruledRecently: 4 })], null, now)).toBe(true);
    expect(shouldHide([report(), report(), report({ overruledRecently: 3 })], null, now)).toBe(false);
  });

  it("counts only a reporter's first five reports in 24 hours", () => {
    const busy = verified({ earlierToday: REPORTS_COUNTED_PER_DAY });
    expect(counts(verified({ earlierToday: REPORTS_COUNTED_PER_DAY - 1 }), now)).toBe(true);
    expect(counts(busy, now)).toBe(false);
    expect(shouldHide([verified(), busy], null, now)).toBe(false);
    expect(shouldHide([report(), report(), report({ earlierToday: 9 })], null, now)).toBe(false);
    const since = (hours: number) => verified({ createdAt: hoursAgo(hours) });
    expect(shouldHide([since(1), since(2), since(3), since(4), { ...since(5), earlierToday: 5 }], hoursAgo(24 * 10), now)).toBe(false);
  });

  it('counts no report from a member the reported member blocked', () => {
    expect(counts(verified({ blockedByOwner: true }), now)).toBe(false);
    expect(shouldHide([verified(), verified({ blockedByOwner: true })], null, now)).toBe(false);
  });

  it('after a restore needs five reports filed since, within seven days', () => {
    const restoredAt = hoursAgo(24 * 10);
    const since = (hours: number) => verified({ createdAt: hoursAgo(hours) });
    expect(shouldHide([since(1), since(2), since(3), since(4)], restoredAt, now)).toBe(false);
    expect(shouldHide([since(1), since(2), since(3), since(4), since(5)], restoredAt, now)).toBe(true);
    // Eight days ago is after the restore but outside the seven days.
    expect(shouldHide([since(1), since(2), since(3), since(4), since(24 * 8)], restoredAt, now)).toBe(false);
    // Reports from before the restore are not new.
    expect(shouldHide([since(1), since(2), since(3), since(4), since(72)], hoursAgo(48), now)).toBe(false);
    expect(shouldHide([since(1), since(2), since(3), since(4), since(40)], hoursAgo(48), now)).toBe(true);
    expect(shouldHide([since(1), since(2), since(3), since(4), newcomer({ createdAt: hoursAgo(1) })], restoredAt, now)).toBe(false);
  });
});
