import { CATEGORIES, emptyStats, generateItemBatches, generatePosters, ItemBatch } from '../src/data/generate-items';
import { CONTINENTAL_US, insidePolygon } from '../src/data/geography';

const NOW = new Date('2025-06-01T12:00:00Z');
const options = { items: 5000, posters: 200, seed: 'test', now: NOW };

function all(batchSize: number): ItemBatch[] {
  return [...generateItemBatches(options, generatePosters(options), batchSize)];
}

describe('generateItemBatches', () => {
  it('is deterministic and does not depend on the batch size', () => {
    const big = all(5000);
    const small = all(700);
    expect(small.length).toBe(Math.ceil(5000 / 700));
    expect(small.flatMap((b) => b.id)).toEqual(big[0].id);
    expect(small.flatMap((b) => b.lat)).toEqual(big[0].lat);
    expect(all(5000)[0].createdAt).toEqual(big[0].createdAt);
  });

  it('draws the shape the bench promises', () => {
    const stats = emptyStats();
    const posters = generatePosters(options);
    const [batch] = [...generateItemBatches(options, posters, 10_000, stats)];
    const n = batch.id.length;
    expect(n).toBe(5000);
    expect(stats.clustered / n).toBeCloseTo(0.7, 1);
    expect(stats.claimed / n).toBeCloseTo(0.1, 1);
    const posterIds = new Set(posters.map((p) => p.userId));
    const nowMs = NOW.getTime();
    let expired = 0;
    for (let i = 0; i < n; i++) {
      expect(CATEGORIES).toContain(batch.category[i]);
      expect(posterIds.has(batch.posterId[i])).toBe(true);
      const created = Date.parse(batch.createdAt[i]);
      const expires = Date.parse(batch.expiresAt[i]);
      expect(created).toBeLessThanOrEqual(nowMs);
      expect(created).toBeGreaterThanOrEqual(nowMs - 30 * 24 * 3600 * 1000);
      expect(expires).toBeGreaterThan(created);
      // Nothing expires within an hour of the anchor: answers cannot change during a run.
      expect(Math.abs(expires - nowMs)).toBeGreaterThanOrEqual(3600 * 1000 - 1);
      if (expires < nowMs) expired++;
      // Expired items are seeded as the app's expiry sweep leaves them: off the feed, and expired unless claimed.
      expect(batch.listed[i]).toBe(expires >= nowMs);
      if (expires < nowMs) expect(['expired', 'claimed']).toContain(batch.status[i]);
      else expect(['available', 'claimed']).toContain(batch.status[i]);
      if (batch.status[i] === 'claimed') {
        expect(batch.claimedById[i]).not.toBeNull();
        expect(batch.claimedById[i]).not.toBe(batch.posterId[i]);
      } else expect(batch.claimedById[i]).toBeNull();
      if (batch.pricingType[i] === 'paid') {
        expect(batch.customAmount[i]).toBeGreaterThanOrEqual(100);
        expect(batch.customAmount[i]).toBeLessThanOrEqual(10_000);
      } else expect(batch.customAmount[i]).toBeNull();
    }
    expect(expired).toBe(stats.expired);
    expect(expired / n).toBeGreaterThan(0.05);
    expect(expired / n).toBeLessThan(0.2);
  });

  it('keeps the scattered items inside the continental US outline', () => {
    expect(insidePolygon(-101, 42, CONTINENTAL_US)).toBe(true);
    expect(insidePolygon(-100, 55, CONTINENTAL_US)).toBe(false);
    expect(insidePolygon(-90, 25, CONTINENTAL_US)).toBe(false);
    const [batch] = all(10_000);
    for (let i = 0; i < batch.id.length; i++) {
      expect(batch.lat[i]).toBeGreaterThan(24);
      expect(batch.lat[i]).toBeLessThan(50);
      expect(batch.lng[i]).toBeGreaterThan(-125);
      expect(batch.lng[i]).toBeLessThan(-66);
    }
  });
});
