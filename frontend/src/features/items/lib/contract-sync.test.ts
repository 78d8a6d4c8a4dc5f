import { ITEM_CATEGORIES, SEARCH_RADII_MILES, urgencyFor } from '@curbside/contracts';
import { makeItem } from '../../../testing/factories';
import { ITEM_FORM_CATEGORIES, SEARCH_RADII, urgencyOf } from './item-rules';

/** The first screen keeps its own copies of a few contract values (no schema library in its bundle): they must match. */
describe('local copies of contract values', () => {
  it('match the contracts', () => {
    expect(ITEM_FORM_CATEGORIES).toEqual(ITEM_CATEGORIES);
    expect(SEARCH_RADII).toEqual(SEARCH_RADII_MILES);
    const now = Date.parse('2026-06-01T12:00:00Z');
    for (const hours of [0.5, 2, 3, 6, 7, 24, 25, 72, 73, 200]) {
      expect(urgencyOf(makeItem({ expiresAt: new Date(now + hours * 3_600_000).toISOString() }), now)).toBe(urgencyFor(hours));
    }
  });
});
