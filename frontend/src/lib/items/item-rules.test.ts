import { makeItem, makeUser } from '../../testing/factories';
import { effectiveStatus, formatDollars, isClaimable, mergeNewestFirst, stillThereLabel, urgencyOf, votesCountForTopFinds } from './item-rules';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const inHours = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('item rules', () => {
  it('derives urgency from the hours left', () => {
    expect(urgencyOf(makeItem({ expiresAt: inHours(1.5) }), NOW)).toBe('Express Grab');
    expect(urgencyOf(makeItem({ expiresAt: inHours(5) }), NOW)).toBe('Priority Pickup');
    expect(urgencyOf(makeItem({ expiresAt: inHours(20) }), NOW)).toBe('Same Day');
    expect(urgencyOf(makeItem({ expiresAt: inHours(48) }), NOW)).toBe('Flexible');
    expect(urgencyOf(makeItem({ expiresAt: inHours(100) }), NOW)).toBe('No Rush');
  });

  it('labels still-there confirmations', () => {
    expect(stillThereLabel(0).label).toBe('Needs Verification');
    expect(stillThereLabel(2).label).toBe('Recently Verified');
    expect(stillThereLabel(3).label).toBe('Highly Verified');
  });

  it('claims only available items with a photo, by a logged-in user who is not the poster', () => {
    const user = makeUser();
    const item = makeItem({ expiresAt: inHours(3) });
    expect(isClaimable(item, user, NOW)).toBe(true);
    expect(isClaimable(item, null, NOW)).toBe(false);
    expect(isClaimable({ ...item, posterId: user.id }, user, NOW)).toBe(false);
    expect(isClaimable({ ...item, imageUrl: null }, user, NOW)).toBe(false);
    expect(isClaimable({ ...item, status: 'claimed' }, user, NOW)).toBe(false);
    expect(isClaimable({ ...item, expiresAt: inHours(-1) }, user, NOW)).toBe(false);
  });

  it('treats an available item past its expiry as expired', () => {
    expect(effectiveStatus(makeItem({ expiresAt: inHours(-0.1) }), NOW)).toBe('expired');
  });

  it('merges pages newest first without duplicates', () => {
    const a = makeItem({ createdAt: '2026-01-01T10:00:00Z' });
    const b = makeItem({ createdAt: '2026-01-01T12:00:00Z' });
    expect(mergeNewestFirst([[a], [b, a]]).map((i) => i.id)).toEqual([b.id, a.id]);
  });

  it('keeps spotlights first in the server’s order, labelled, even when a later page has the post in its normal place', () => {
    const old = makeItem({ createdAt: '2026-01-01T08:00:00Z' });
    const older = makeItem({ createdAt: '2026-01-01T07:00:00Z' });
    const fresh = makeItem({ createdAt: '2026-01-01T12:00:00Z' });
    const merged = mergeNewestFirst([
      [{ ...older, spotlight: true }, { ...old, spotlight: true }, fresh],
      [old, older],
    ]);
    expect(merged.map((i) => [i.id, i.spotlight ?? false])).toEqual([
      [older.id, true],
      [old.id, true],
      [fresh.id, false],
    ]);
  });

  it('formats cents as dollars', () => {
    expect(formatDollars(500)).toBe('$5');
    expect(formatDollars(1250)).toBe('$12.50');
  });
});

describe('votesCountForTopFinds', () => {
  const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
  it('counts a verified member, or an account over a day old', () => {
    expect(votesCountForTopFinds({ isVerified: true, createdAt: hoursAgo(1) }, NOW)).toBe(true);
    expect(votesCountForTopFinds({ isVerified: false, createdAt: hoursAgo(25) }, NOW)).toBe(true);
    expect(votesCountForTopFinds({ isVerified: false, createdAt: hoursAgo(23) }, NOW)).toBe(false);
  });
});
