import { GARAGE_SALE_CATEGORIES, GARAGE_SALE_CATEGORY, ITEM_CATEGORIES } from '@curbside/contracts';
import {
  co2eKg,
  estimatedKg,
  impactCategoryOf,
  lastWeekStarts,
  PAIR_PICKUPS_COUNTED,
  topDecileShare,
  topDecileSize,
  weekStartOf,
  whyNotCounted,
} from './impact.rules';

describe('impact rules', () => {
  it('weighs a pickup by its category, and a category outside the table as Other', () => {
    // A few of the answers docs/product-rules.md ("Impact") gives: a sofa-sized Furniture, a garment, a paperback pair.
    expect([estimatedKg('Furniture'), estimatedKg('Clothing'), estimatedKg('Books')]).toEqual([20, 1, 2]);
    expect(estimatedKg('Garage Sale')).toBe(estimatedKg('Other'));
    expect(impactCategoryOf('Garage Sale')).toBe('Other');
    expect(impactCategoryOf('constructor')).toBe('Other');
    expect(impactCategoryOf('furniture')).toBe('Other');
  });

  it("weighs every category a member can post in: the form's and the garage sale's, each something", () => {
    const categories = new Set<string>([...ITEM_CATEGORIES, ...GARAGE_SALE_CATEGORIES.filter((c) => c !== GARAGE_SALE_CATEGORY)]);
    for (const category of categories) {
      expect(impactCategoryOf(category)).toBe(category);
      expect(estimatedKg(category)).toBeGreaterThan(0);
    }
  });

  it("answers a pickup's CO₂e from its category: Furniture saves 10.2 kg, Clothing 0.51 kg", () => {
    expect(co2eKg(estimatedKg('Furniture'))).toBe(10.2);
    expect(co2eKg(estimatedKg('Clothing'))).toBe(0.51);
    expect(co2eKg(estimatedKg('Garage Sale'))).toBe(1.53);
  });

  it('estimates 0.51 kg CO₂e per kg reused, to the hundredth', () => {
    expect(co2eKg(20)).toBe(10.2);
    expect(co2eKg(1)).toBe(0.51);
    expect(co2eKg(3)).toBe(1.53);
  });

  describe('which verified pickups count', () => {
    const posted = new Date('2026-11-10T12:00:00Z');
    const base = {
      posterId: 'p',
      pickerId: 'q',
      postedAt: posted,
      pickerJoinedAt: new Date('2026-10-01T00:00:00Z'),
      pairPickupsCounted: 0,
      sharedDevice: false,
    };

    it('counts a pickup by an older account that has not taken this poster’s posts too often', () => {
      expect(whyNotCounted(base)).toBeNull();
      expect(whyNotCounted({ ...base, pairPickupsCounted: PAIR_PICKUPS_COUNTED - 1 })).toBeNull();
    });

    it('never counts the poster’s own pickup', () => {
      expect(whyNotCounted({ ...base, pickerId: 'p' })).toBe('own_item');
    });

    it('does not count a pickup between two accounts seen on one device', () => {
      expect(whyNotCounted({ ...base, sharedDevice: true })).toBe('shared_device');
    });

    it('does not count an account created after the post (or one not heard of yet), nor at the same instant', () => {
      expect(whyNotCounted({ ...base, pickerJoinedAt: new Date(posted.getTime() + 1) })).toBe('account_newer_than_post');
      expect(whyNotCounted({ ...base, pickerJoinedAt: posted })).toBe('account_newer_than_post');
      expect(whyNotCounted({ ...base, pickerJoinedAt: null })).toBe('account_newer_than_post');
    });

    it('stops counting a pair after three pickups in the window', () => {
      expect(whyNotCounted({ ...base, pairPickupsCounted: PAIR_PICKUPS_COUNTED })).toBe('pair_limit');
    });
  });

  describe('fairness', () => {
    it('takes ceil(10 %) of the pickers as the busiest tenth, at least one', () => {
      expect([0, 1, 9, 10, 11, 20, 21, 100].map(topDecileSize)).toEqual([0, 1, 1, 1, 2, 2, 3, 10]);
    });

    it('gives the share of the pickups the busiest tenth took', () => {
      // 20 pickers: the top two took 10 and 6 of 16 + 18 × 1 = 34 pickups.
      expect(topDecileShare([1, 10, ...Array(17).fill(1), 6])).toEqual({ pickers: 20, pickups: 34, topPickers: 2, topShare: 16 / 34 });
    });

    it('is the same whichever of tied pickers is in the tenth, and null without pickups', () => {
      expect(topDecileShare([2, 2, 2]).topShare).toBeCloseTo(1 / 3);
      expect(topDecileShare([])).toEqual({ pickers: 0, pickups: 0, topPickers: 0, topShare: null });
      expect(topDecileShare([5])).toEqual({ pickers: 1, pickups: 5, topPickers: 1, topShare: 1 });
    });
  });

  describe('weeks', () => {
    it('start on Monday, UTC', () => {
      expect(weekStartOf(new Date('2026-11-24T22:00:00Z'))).toBe('2026-11-23'); // a Tuesday
      expect(weekStartOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // Monday midnight
      expect(weekStartOf(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16'); // Sunday night
      expect(weekStartOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12-28'); // across the year
    });

    it('lists the last weeks oldest first, the current one last', () => {
      expect(lastWeekStarts(new Date('2026-11-24T10:00:00Z'), 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
      expect(lastWeekStarts(new Date('2026-11-24T10:00:00Z'), 12)).toHaveLength(12);
    });
  });
});
