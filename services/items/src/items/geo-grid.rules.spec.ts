import { EARTH_RADIUS_MILES, SEARCH_RADII_MILES } from '@curbside/contracts';
import { cellBounds, cellOf, cellsMeetingCircle, COARSE_GRID, coveringCells, FINE_GRID, gridFor, WIDE_GRID } from './geo-grid.rules';

/** The point `miles` from (lat, lng) on bearing `bearing` (radians), on the sphere of EARTH_RADIUS_MILES. */
function destination(lat: number, lng: number, miles: number, bearing: number): { lat: number; lng: number } {
  const rad = Math.PI / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const φ1 = lat * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing));
  const λ2 = lng * rad + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: φ2 / rad, lng: ((((λ2 / rad + 180) % 360) + 360) % 360) - 180 };
}

describe('geo grid', () => {
  it('uses fine cells up to 2 miles, coarse ones up to 30, wide ones beyond', () => {
    expect(gridFor(1)).toBe(FINE_GRID);
    expect(gridFor(2)).toBe(FINE_GRID);
    expect(gridFor(5)).toBe(COARSE_GRID);
    expect(gridFor(30)).toBe(COARSE_GRID);
    expect(gridFor(100)).toBe(WIDE_GRID);
  });

  it('covers every point within the radius', () => {
    const center = { lat: 40.7128, lng: -74.006 };
    for (const radius of [1, 5, 25, 100]) {
      const grid = gridFor(radius);
      const cells = new Set(coveringCells(center.lat, center.lng, radius, grid));
      const degrees = radius / 69.1;
      for (let i = 0; i < 360; i += 10) {
        const a = (i * Math.PI) / 180;
        const lat = center.lat + degrees * 0.999 * Math.sin(a);
        const lng = center.lng + ((degrees * 0.999) / Math.cos((lat * Math.PI) / 180)) * Math.cos(a);
        expect(cells.has(cellOf(lat, lng, grid))).toBe(true);
      }
    }
  });

  it('keeps the number of cells small', () => {
    expect(coveringCells(40.7, -74, 1, FINE_GRID).length).toBeLessThanOrEqual(4);
    for (const radius of [1, 2, 5, 10, 15, 25, 30, 50, 100]) {
      expect(coveringCells(40.7, -74, radius, gridFor(radius)).length).toBeLessThanOrEqual(12);
    }
  });

  it('wraps around the antimeridian', () => {
    const cells = coveringCells(0, 179.99, 5, FINE_GRID);
    expect(cells).toContain(cellOf(0, -179.99, FINE_GRID));
    expect(cells).toContain(cellOf(0, 179.99, FINE_GRID));
  });

  it('takes whole rows near a pole and never leaves the grid', () => {
    const cells = coveringCells(89.99, 10, 5, FINE_GRID);
    expect(Math.max(...cells)).toBeLessThan(FINE_GRID.rows * FINE_GRID.cols);
    expect(cells).toContain(cellOf(89.99, -170, FINE_GRID));
  });

  it("gives a cell's edges, which contain every point of the cell and no more", () => {
    const seattle = cellOf(47.6062, -122.3321, WIDE_GRID);
    expect(cellBounds(seattle, WIDE_GRID)).toEqual({ south: 46, west: -124, north: 48, east: -122 });
    expect(cellOf(46, -124, WIDE_GRID)).toBe(seattle);
    expect(cellOf(47.999, -122.001, WIDE_GRID)).toBe(seattle);
    expect(cellOf(48, -123, WIDE_GRID)).not.toBe(seattle);
    expect(cellBounds(cellOf(-90, -180, WIDE_GRID), WIDE_GRID)).toEqual({ south: -90, west: -180, north: -88, east: -178 });
    expect(cellBounds(cellOf(90, 180, WIDE_GRID), WIDE_GRID)).toEqual({ south: 88, west: 178, north: 90, east: 180 });
  });

  it("leaves out the bounding box's corner cells that the circle does not reach, and keeps the rest", () => {
    // At the middle of a fine cell 2 miles reach into the four cells beside it (1.7 miles north and south, 1.3 east
    // and west), not the four diagonal ones, whose nearest corner is 2.2 miles away.
    const middle = { lat: 40.725, lng: -73.975 };
    const all = coveringCells(middle.lat, middle.lng, 2, FINE_GRID);
    const met = cellsMeetingCircle(middle.lat, middle.lng, 2, FINE_GRID);
    expect(all).toHaveLength(9);
    const step = FINE_GRID.size;
    expect(new Set(met)).toEqual(
      new Set(
        [
          [0, 0],
          [step, 0],
          [-step, 0],
          [0, step],
          [0, -step],
        ].map(([dLat, dLng]) => cellOf(middle.lat + dLat, middle.lng + dLng, FINE_GRID)),
      ),
    );
  });

  it('keeps the cell of every point the database counts within the radius, wherever the centre sits in its cell', () => {
    // The database's earth (earthdistance's, 6,378,168 m) is larger than EARTH_RADIUS_MILES: a point it counts within
    // r may be up to 0.11 % further on this sphere.
    const dbReach = 6_378_168 / (EARTH_RADIUS_MILES * 1_609.344);
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const centres = [
      ...Array.from({ length: 60 }, () => ({ lat: (random() - 0.5) * 150, lng: (random() - 0.5) * 360 })),
      { lat: 40.7, lng: 179.99 },
      { lat: -33.9, lng: -179.98 },
      { lat: 40.725, lng: -73.975 },
      { lat: 40.75, lng: -74.0 },
    ];
    for (const centre of centres) {
      for (const radius of SEARCH_RADII_MILES) {
        const grid = gridFor(radius);
        const cells = new Set(cellsMeetingCircle(centre.lat, centre.lng, radius, grid));
        for (let i = 0; i < 72; i++) {
          const point = destination(centre.lat, centre.lng, radius * dbReach * Math.sqrt(random()), (i * 5 * Math.PI) / 180);
          expect(cells.has(cellOf(point.lat, point.lng, grid))).toBe(true);
        }
        for (let i = 0; i < 72; i++) {
          const point = destination(centre.lat, centre.lng, radius * dbReach, (i * 5 * Math.PI) / 180);
          expect(cells.has(cellOf(point.lat, point.lng, grid))).toBe(true);
        }
      }
    }
  });
});
