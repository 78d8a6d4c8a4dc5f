import type { DataSource } from 'typeorm';
import { CELL_COUNTS_TTL_MS, CellCounts, CellDensity, feedGrid } from './cell-density';
import { cellOf, COARSE_GRID, FINE_GRID, WIDE_GRID } from './geo-grid.rules';

const CENTRE = { lat: 40.758, lng: -73.9855 };
const MILE_LAT = 1 / 69.05;

/** A city: 400 items in every fine cell within 3 miles of the centre, none elsewhere. */
function city(): Map<number, number> {
  const fine = new Map<number, number>();
  for (let dLat = -3; dLat <= 3; dLat += 0.5) {
    for (let dLng = -3; dLng <= 3; dLng += 0.5) {
      const cell = cellOf(CENTRE.lat + dLat * MILE_LAT, CENTRE.lng + (dLng * MILE_LAT) / Math.cos((CENTRE.lat * Math.PI) / 180), FINE_GRID);
      fine.set(cell, 400);
    }
  }
  return fine;
}

/** A point this many miles east of the centre. */
const east = (miles: number) => ({ lat: CENTRE.lat, lng: CENTRE.lng + (miles * MILE_LAT) / Math.cos((CENTRE.lat * Math.PI) / 180) });

describe('CellCounts', () => {
  it('adds each fine cell to the coarse cell holding it, as the coarse column places the same points', () => {
    const points = Array.from({ length: 500 }, (_, i) => ({ lat: -89 + ((i * 37.31) % 178), lng: -179 + ((i * 71.77) % 358) }));
    const fine = new Map<number, number>();
    const expected = new Map<number, number>();
    for (const p of points) {
      fine.set(cellOf(p.lat, p.lng, FINE_GRID), (fine.get(cellOf(p.lat, p.lng, FINE_GRID)) ?? 0) + 1);
      expected.set(cellOf(p.lat, p.lng, COARSE_GRID), (expected.get(cellOf(p.lat, p.lng, COARSE_GRID)) ?? 0) + 1);
    }
    expect(new CellCounts(fine).coarse).toEqual(expected);
  });
});

describe('feedGrid', () => {
  const counts = new CellCounts(city());
  const feed = (at: { lat: number; lng: number }, radiusMiles: number, more: { q?: string } = {}) => ({ ...at, radiusMiles, limit: 50, ...more });

  it('reads the coarse cells where the circle holds most of what they hold (the centre of the city)', () => {
    expect(feedGrid(feed(CENTRE, 5), counts)).toBe(COARSE_GRID);
  });

  it('reads the fine cells where the circle is sparse and its coarse cells are not (the edge of the city)', () => {
    expect(feedGrid(feed(east(12), 5), counts)).toBe(FINE_GRID);
  });

  it('compares with a page, not with nothing, when the circle holds less than one', () => {
    const few = new Map([[cellOf(east(20).lat, east(20).lng, FINE_GRID), 300]]);
    // 300 items in the coarse cell and none in the circle: the coarse walk reads 300 rows, cheaper than 16 branches.
    expect(feedGrid(feed(CENTRE, 5), new CellCounts(few))).toBe(COARSE_GRID);
  });

  it('keeps the usual grid before any count, for a search, for the map and for the widest circles', () => {
    expect(feedGrid(feed(east(12), 5), undefined)).toBe(COARSE_GRID);
    expect(feedGrid(feed(east(12), 5, { q: 'chair' }), counts)).toBe(COARSE_GRID);
    expect(feedGrid(feed(east(12), 2), counts)).toBe(FINE_GRID);
    expect(feedGrid(feed(east(12), 10), counts)).toBe(COARSE_GRID);
    expect(feedGrid(feed(east(12), 50), counts)).toBe(WIDE_GRID);
  });
});

describe('CellDensity', () => {
  let now: number;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  const rows = () => [...city()].map(([cell, n]) => ({ cell, n }));
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('answers with the usual grid until the first count is in, then counts again only once it has aged', async () => {
    const query = jest.fn().mockResolvedValue(rows());
    const density = new CellDensity({ query } as unknown as DataSource);
    expect(density.gridForFeed({ ...east(12), radiusMiles: 5, limit: 50 })).toBe(COARSE_GRID);
    await settle();
    expect(density.gridForFeed({ ...east(12), radiusMiles: 5, limit: 50 })).toBe(FINE_GRID);
    now += CELL_COUNTS_TTL_MS - 1;
    density.gridForFeed({ ...CENTRE, radiusMiles: 5, limit: 50 });
    expect(query).toHaveBeenCalledTimes(1);
    now += 1;
    density.gridForFeed({ ...CENTRE, radiusMiles: 5, limit: 50 });
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('keeps the last count when a count fails, and tries again once that one would have aged', async () => {
    const query = jest.fn().mockResolvedValueOnce(rows()).mockRejectedValueOnce(new Error('connection lost')).mockResolvedValue([]);
    const density = new CellDensity({ query } as unknown as DataSource);
    jest.spyOn(density['logger'], 'warn').mockImplementation(() => undefined);
    density.gridForFeed({ ...CENTRE, radiusMiles: 5, limit: 50 });
    await settle();
    now += CELL_COUNTS_TTL_MS;
    density.gridForFeed({ ...CENTRE, radiusMiles: 5, limit: 50 });
    await settle();
    expect(density.gridForFeed({ ...east(12), radiusMiles: 5, limit: 50 })).toBe(FINE_GRID);
    expect(query).toHaveBeenCalledTimes(2);
    now += CELL_COUNTS_TTL_MS;
    density.gridForFeed({ ...CENTRE, radiusMiles: 5, limit: 50 });
    expect(query).toHaveBeenCalledTimes(3);
  });
});
