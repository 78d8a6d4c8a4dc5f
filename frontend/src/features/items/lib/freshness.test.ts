import { makeItem } from '../../../testing/factories';
import { freshnessLabel } from './freshness';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe(freshnessLabel.name, () => {
  it('says how long ago the item was confirmed', () => {
    expect(freshnessLabel(makeItem({ lastConfirmedAt: ago(0) }), NOW)).toBe('Confirmed just now');
    expect(freshnessLabel(makeItem({ lastConfirmedAt: ago(1) }), NOW)).toBe('Confirmed 1 min ago');
    expect(freshnessLabel(makeItem({ lastConfirmedAt: ago(42) }), NOW)).toBe('Confirmed 42 min ago');
    expect(freshnessLabel(makeItem({ lastConfirmedAt: ago(185) }), NOW)).toBe('Confirmed 3 h ago');
  });

  it('says nothing while the only confirmation is the posting, so it never contradicts "Needs Verification"', () => {
    expect(freshnessLabel(makeItem({ createdAt: ago(0), lastConfirmedAt: ago(0) }), NOW)).toBeNull();
    expect(freshnessLabel(makeItem({ createdAt: ago(90), lastConfirmedAt: ago(90) }), NOW)).toBeNull();
    expect(freshnessLabel(makeItem({ createdAt: ago(90), lastConfirmedAt: ago(3) }), NOW)).toBe('Confirmed 3 min ago');
    // Twelve hours on, the server's "May be gone" is said whoever confirmed last.
    expect(freshnessLabel(makeItem({ createdAt: ago(13 * 60), lastConfirmedAt: ago(13 * 60), mayBeGone: true }), NOW)).toBe('May be gone');
  });

  it('says "May be gone" when the server says so, and nothing for garage sales or taken items', () => {
    expect(freshnessLabel(makeItem({ lastConfirmedAt: ago(13 * 60), mayBeGone: true }), NOW)).toBe('May be gone');
    expect(freshnessLabel(makeItem({ isGarageSale: true, lastConfirmedAt: ago(30 * 60) }), NOW)).toBeNull();
    expect(freshnessLabel(makeItem({ status: 'claimed' }), NOW)).toBeNull();
  });
});
