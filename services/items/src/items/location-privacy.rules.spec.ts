import { blurredPosition } from './location-privacy.rules';

function metersBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_009;
}

describe(blurredPosition.name, () => {
  it('moves every item between 75 and 150 m', () => {
    for (let i = 0; i < 200; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const exact = { lat: 47.6, lng: -122.3 };
      const d = metersBetween(exact, blurredPosition(id, exact.lat, exact.lng));
      expect(d).toBeGreaterThanOrEqual(74);
      expect(d).toBeLessThanOrEqual(151);
    }
  });

  it('always gives the same offset for the same item', () => {
    const id = '3f1c2a8e-9d4b-4c1e-8a7f-2b6d5e4c3a21';
    expect(blurredPosition(id, 10, 20)).toEqual(blurredPosition(id, 10, 20));
  });

  it('gives different items different directions', () => {
    const a = blurredPosition('3f1c2a8e-9d4b-4c1e-8a7f-2b6d5e4c3a21', 10, 20);
    const b = blurredPosition('7a2e4b1c-1d2e-4f3a-9b8c-0d1e2f3a4b5c', 10, 20);
    expect(a).not.toEqual(b);
  });
});
