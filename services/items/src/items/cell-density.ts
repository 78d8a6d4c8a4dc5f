import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { cellBounds, cellOf, cellsMeetingCircle, COARSE_GRID, FINE_GRID, Grid, gridFor } from './geo-grid.rules';

/** How long a count of the cells serves before the next feed has it taken again (in the background). */
export const CELL_COUNTS_TTL_MS = 5 * 60_000;
/** A feed reads fine cells only when the circle needs at most this many (the statement has a branch per cell). */
export const FINE_CELLS_AT_MOST = 24;
/**
 * A feed reads the fine cells instead of the coarse ones when the coarse cells hold more than this many times the
 * items the fine ones do (bench/README.md, "Fine cells where the circle is sparse").
 */
export const COARSE_EXCESS_FOR_FINE = 8;

/** How many listed items each fine cell held when counted, and so each coarse cell (ten by ten fine cells). */
export class CellCounts {
  readonly coarse = new Map<number, number>();

  constructor(readonly fine: ReadonlyMap<number, number>) {
    for (const [cell, count] of fine) {
      // A fine cell lies wholly in one coarse cell: the one holding its middle.
      const edges = cellBounds(cell, FINE_GRID);
      const coarse = cellOf((edges.south + edges.north) / 2, (edges.west + edges.east) / 2, COARSE_GRID);
      this.coarse.set(coarse, (this.coarse.get(coarse) ?? 0) + count);
    }
  }

  inCells(cells: number[], grid: Grid): number {
    const counts = grid === FINE_GRID ? this.fine : this.coarse;
    return cells.reduce((sum, cell) => sum + (counts.get(cell) ?? 0), 0);
  }
}

/**
 * The grid whose cells a feed reads. Both give the same page (every cell the circle meets, every filter in each
 * branch); what differs is how many rows the walk reads. A coarse cell (0.5°) is far larger than a 5-mile circle, so
 * its newest-first walk reads every row of the cell until it has found the page's items inside the circle: cheap where
 * the circle holds most of the cell's items (a city's centre), but where the circle is sparse and the cell is not (the
 * edge of a city) it reads thousands of rows, or the whole cell when the circle holds less than a page. Fine cells
 * (0.05°) hug the circle but cost a branch each. So the fine cells are read when the counts say the coarse ones hold
 * many times what the circle does (the fine cells meeting the circle stand in for it); a search's statement keeps
 * its grid (its walks are shared out per cell).
 */
export function feedGrid(search: { lat: number; lng: number; radiusMiles: number; limit: number; q?: string }, counts: CellCounts | undefined): Grid {
  const usual = gridFor(search.radiusMiles);
  if (!counts || usual !== COARSE_GRID || search.q) return usual;
  const fine = cellsMeetingCircle(search.lat, search.lng, search.radiusMiles, FINE_GRID);
  if (fine.length > FINE_CELLS_AT_MOST) return usual;
  const inCoarse = counts.inCells(cellsMeetingCircle(search.lat, search.lng, search.radiusMiles, COARSE_GRID), COARSE_GRID);
  // Below a page's worth in the fine cells, the coarse walk reads its cells whole: compare with a page, not with nothing.
  return inCoarse > COARSE_EXCESS_FOR_FINE * Math.max(counts.inCells(fine, FINE_GRID), search.limit) ? FINE_GRID : usual;
}

/**
 * The counts feedGrid decides by, taken from the database at most every CELL_COUNTS_TTL_MS: the first feed after they
 * age starts a new count and is answered by the old one (before the first count, by the usual grid). Where items
 * are changes slowly, and a count out of date only costs time, never a wrong page.
 */
@Injectable()
export class CellDensity {
  private readonly logger = new Logger(CellDensity.name);
  private counts?: CellCounts;
  private countedAt = -Infinity;
  private counting = false;

  constructor(private readonly dataSource: DataSource) {}

  gridForFeed(search: Parameters<typeof feedGrid>[0]): Grid {
    if (!this.counting && Date.now() - this.countedAt >= CELL_COUNTS_TTL_MS) void this.count();
    return feedGrid(search, this.counts);
  }

  private async count(): Promise<void> {
    this.counting = true;
    try {
      this.counts = await countCells((text) => this.dataSource.query(text));
    } catch (error) {
      // The feeds go on with the last count (or the usual grid); the next count is tried when this one would have aged.
      this.logger.warn(`Counting the items per cell failed, so feeds keep their last choice of cells: ${(error as Error).message}`);
    } finally {
      this.countedAt = Date.now();
      this.counting = false;
    }
  }
}

/** Listed items per fine cell: about 0.4 s of the database at a million items. */
export async function countCells(query: (text: string) => Promise<{ cell: number; n: number }[]>): Promise<CellCounts> {
  const rows = await query('SELECT cell_fine AS cell, count(*)::int AS n FROM items.items WHERE listed GROUP BY cell_fine');
  return new CellCounts(new Map(rows.map((row) => [Number(row.cell), row.n])));
}
