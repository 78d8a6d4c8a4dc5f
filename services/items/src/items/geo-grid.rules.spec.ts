import { cellBounds, cellOf, COARSE_GRID, coveringCells, FINE_GRID, gridFor, WIDE_GRID } from './geo-grid.rules';

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
});
