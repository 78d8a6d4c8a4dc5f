import { makeItem } from '../../../testing/factories';
import { daylightAt } from '../../daylight/daylight';
import { filterMapItems, nightRestrict } from './map-filters';
import { assessMotion, shouldTake, type Fix } from './motion';

const fix = (over: Partial<Fix>): Fix => ({ lat: 40.758, lng: -73.9855, speed: null, accuracy: 10, timestamp: 0, ...over });

describe('driving detection', () => {
  it('flags driving over 10 km/h with confidence ≥ 0.5, motion over 5 km/h', () => {
    expect(assessMotion(null, fix({ speed: 4 })).driving).toBe(true); // 14.4 km/h
    expect(assessMotion(null, fix({ speed: 2 }))).toMatchObject({ moving: true, driving: false }); // 7.2 km/h
    expect(assessMotion(null, fix({ speed: 4, accuracy: 500 })).driving).toBe(false);
  });

  it('derives speed from two fixes when the device gives none', () => {
    // ~0.0009° latitude is ~100 m; in 10 s that is 36 km/h
    const motion = assessMotion(fix({ timestamp: 0 }), fix({ lat: 40.7589, timestamp: 10_000 }));
    expect(motion.speedKmh).toBeGreaterThan(30);
    expect(motion.driving).toBe(true);
  });

  it('takes updates only more than 2 s apart', () => {
    expect(shouldTake(fix({ timestamp: 0 }), fix({ timestamp: 2000 }))).toBe(false);
    expect(shouldTake(fix({ timestamp: 0 }), fix({ timestamp: 2001 }))).toBe(true);
  });
});

describe('daylight', () => {
  it('is day at noon and night at midnight in New York (local computation)', () => {
    const ny = { lat: 40.758, lng: -73.9855 };
    expect(daylightAt(ny, new Date('2026-06-01T16:00:00Z')).isDaytime).toBe(true);
    expect(daylightAt(ny, new Date('2026-06-01T05:00:00Z')).isDaytime).toBe(false);
  });
});

describe('map filters', () => {
  const paid = makeItem({ title: 'Paid', pricingType: 'paid', customAmount: 500 });
  const items = ['A', 'B', 'C', 'D'].map((title) => makeItem({ title, description: '' }));

  it('keeps only paid items at night, or else the first three', () => {
    expect(nightRestrict([...items, paid], false)).toEqual([paid]);
    expect(nightRestrict(items, false).map((i) => i.title)).toEqual(['A', 'B', 'C']);
    expect(nightRestrict(items, true)).toHaveLength(4);
  });

  it('separates items from garage sales and filters by text and category', () => {
    const sale = makeItem({ title: 'Yard sale', isGarageSale: true });
    expect(filterMapItems([...items, sale], { mode: 'garage-sales', text: '', category: '', urgency: '' })).toEqual([sale]);
    expect(filterMapItems(items, { mode: 'items', text: 'b', category: '', urgency: '' }).map((i) => i.title)).toEqual(['B']);
    expect(filterMapItems(items, { mode: 'items', text: '', category: 'Books', urgency: '' })).toEqual([]);
  });
});
