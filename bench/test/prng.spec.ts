import { Prng } from '../src/data/prng';

describe('Prng', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = new Prng('seed-1');
    const b = new Prng('seed-1');
    const c = new Prng('seed-2');
    const seqA = Array.from({ length: 20 }, () => a.nextUint32());
    const seqB = Array.from({ length: 20 }, () => b.nextUint32());
    const seqC = Array.from({ length: 20 }, () => c.nextUint32());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
  });

  it('keeps next() in [0, 1) and int() within its bounds', () => {
    const prng = new Prng('bounds');
    for (let i = 0; i < 10_000; i++) {
      const x = prng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = prng.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
    }
  });

  it('draws a standard normal (mean ≈ 0, deviation ≈ 1)', () => {
    const prng = new Prng('gauss');
    const samples = Array.from({ length: 20_000 }, () => prng.gaussian());
    const mean = samples.reduce((s, v) => s + v, 0) / samples.length;
    const sd = Math.sqrt(samples.reduce((s, v) => s + (v - mean) ** 2, 0) / samples.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
  });

  it('makes valid version-4 UUIDs', () => {
    const prng = new Prng('uuid');
    for (let i = 0; i < 100; i++) expect(prng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
