import { distanceMiles, EARTH_RADIUS_MILES } from '@curbside/contracts';

/**
 * "Newest N within r miles" is answered per grid cell: a btree on (cell, created_at DESC) walks each covering
 * cell newest-first and stops at N, whatever the density (docs/architecture.md, "The geo feed": a spatial index alone sorts every match and
 * misses the target for dense, wide searches). Fine cells (0.05°, ~3.5 mi) serve radii up to 2 miles, coarse
 * ones (0.5°) up to 30, wide ones (2°) the rest: a search covers a handful of cells, never dozens (the feed
 * statement has one branch per cell). The SQL generated columns in the migrations use these same formulas.
 */
export interface Grid {
  column: 'cell_fine' | 'cell_coarse' | 'cell_wide';
  size: number;
  rows: number;
  cols: number;
}

export const FINE_GRID: Grid = { column: 'cell_fine', size: 0.05, rows: 3600, cols: 7200 };
export const COARSE_GRID: Grid = { column: 'cell_coarse', size: 0.5, rows: 360, cols: 720 };
export const WIDE_GRID: Grid = { column: 'cell_wide', size: 2, rows: 90, cols: 180 };
export const FINE_GRID_MAX_RADIUS_MILES = 2;
export const COARSE_GRID_MAX_RADIUS_MILES = 30;

const DEGREES_PER_MILE = 180 / (Math.PI * EARTH_RADIUS_MILES);

export function gridFor(radiusMiles: number): Grid {
  if (radiusMiles <= FINE_GRID_MAX_RADIUS_MILES) return FINE_GRID;
  return radiusMiles <= COARSE_GRID_MAX_RADIUS_MILES ? COARSE_GRID : WIDE_GRID;
}

const rowOf = (lat: number, g: Grid) => Math.min(Math.floor((lat + 90) / g.size), g.rows - 1);
const colOf = (lng: number, g: Grid) => Math.min(Math.floor((lng + 180) / g.size), g.cols - 1);

export function cellOf(lat: number, lng: number, grid: Grid): number {
  return rowOf(lat, grid) * grid.cols + colOf(lng, grid);
}

/** Every cell that the circle's bounding box touches (wrapping at ±180°, clamped at the poles). */
export function coveringCells(lat: number, lng: number, radiusMiles: number, grid: Grid): number[] {
  const dLat = radiusMiles * DEGREES_PER_MILE * 1.001;
  const latMin = Math.max(-90, lat - dLat);
  const latMax = Math.min(90, lat + dLat);
  const nearestPole = Math.max(Math.abs(latMin), Math.abs(latMax));
  const cos = Math.cos((Math.min(nearestPole, 89.9) * Math.PI) / 180);
  const dLng = dLat / cos;
  const cells: number[] = [];
  const firstRow = rowOf(latMin, grid);
  const lastRow = rowOf(latMax, grid);
  const cols = new Set<number>();
  if (dLng >= 180 || nearestPole >= 89.9) {
    for (let c = 0; c < grid.cols; c++) cols.add(c);
  } else {
    const from = Math.floor((lng - dLng + 180) / grid.size);
    const to = Math.floor((lng + dLng + 180) / grid.size);
    for (let c = from; c <= to; c++) cols.add(((c % grid.cols) + grid.cols) % grid.cols);
  }
  for (let r = firstRow; r <= lastRow; r++) for (const c of cols) cells.push(r * grid.cols + c);
  return cells;
}

/** The cell's edges in degrees: what an area answer may say of where it is (never finer than the cell). */
export function cellBounds(cell: number, grid: Grid): { south: number; west: number; north: number; east: number } {
  const row = Math.floor(cell / grid.cols);
  const col = cell % grid.cols;
  const south = row * grid.size - 90;
  const west = col * grid.size - 180;
  return { south, west, north: south + grid.size, east: west + grid.size };
}

/** Beyond this latitude a circle's cells are all kept: meridians converge, and the nearest point is no longer near. */
const NEAREST_POINT_MAX_LATITUDE = 80;

/**
 * The covering cells that the circle itself reaches. The bounding box's corner cells may lie wholly outside the
 * circle, and a list reads such a cell's branch to its end to find nothing: in a city, thousands of rows, most of a
 * slow page's time (bench/README.md, "The city day on the slower machine"). A cell is left out only when its nearest
 * point is clearly beyond the radius, with 1 % and 50 m to spare: that point is taken where the centre's latitude and
 * longitude, clamped to the cell's edges, meet, which is exact along a parallel and off by far less than the spare
 * elsewhere; and the database's earth is larger than EARTH_RADIUS_MILES, so its circle is the smaller of the two.
 */
export function cellsMeetingCircle(lat: number, lng: number, radiusMiles: number, grid: Grid): number[] {
  const cells = coveringCells(lat, lng, radiusMiles, grid);
  if (Math.abs(lat) + radiusMiles * DEGREES_PER_MILE > NEAREST_POINT_MAX_LATITUDE) return cells;
  const reach = radiusMiles * 1.01 + 0.03;
  return cells.filter((cell) => distanceMiles({ lat, lng }, nearestPoint(lat, lng, cellBounds(cell, grid))) <= reach);
}

function nearestPoint(lat: number, lng: number, cell: { south: number; west: number; north: number; east: number }): { lat: number; lng: number } {
  const nearestLat = Math.min(Math.max(lat, cell.south), cell.north);
  if (lng >= cell.west && lng <= cell.east) return { lat: nearestLat, lng };
  // Degrees east to the cell's west edge and west to its east edge, around the circle (across the antimeridian too).
  const eastward = (((cell.west - lng) % 360) + 360) % 360;
  const westward = (((lng - cell.east) % 360) + 360) % 360;
  return { lat: nearestLat, lng: eastward <= westward ? cell.west : cell.east };
}
