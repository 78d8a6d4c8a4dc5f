import { randomUUID } from 'node:crypto';
import { startServiceUnderTest, ServiceUnderTest } from '@curbside/testing';
import { itemsService } from '../items.definition';
import { METERS_PER_MILE } from '@curbside/contracts';
import { queryPrepared } from '@curbside/platform';
import { countCells } from './cell-density';
import { feedQuery, FeedSearch } from './feed.query';
import { cellOf, COARSE_GRID, FINE_GRID, WIDE_GRID } from './geo-grid.rules';

/** The migrations' generated cell columns and the query's covering cells must agree to the last cell. */
describe('grid cells in SQL and in code', () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(itemsService);
  });
  afterAll(() => sut?.stop());

  /** Listed items of the last 30 days around a centre, dense in the middle and thinning out to the spans' edges (°). */
  const postTown = (town: { lat: number; lng: number; latSpan: number; lngSpan: number; items: number }) =>
    sut.service.runtime.dataSource.query(
      `INSERT INTO items.items (id, poster_id, title, category, pricing_type, time_limit, expires_at, lat, lng, created_at)
       SELECT gen_random_uuid(), gen_random_uuid(), 't', 'Other', 'free', 1, now() + interval '1 day',
              $1 + (random() - 0.5) * $3 * random(), $2 + (random() - 0.5) * $4 * random(), now() - random() * interval '30 days'
       FROM generate_series(1, $5)`,
      [town.lat, town.lng, town.latSpan, town.lngSpan, town.items],
    );

  it('computes the same cell for every grid, at edges, poles and the antimeridian', async () => {
    const points = [
      [40.758, -73.9855],
      [-33.8688, 151.2093],
      [0, 0],
      [89.999, 179.999],
      [-90, -180],
      [90, 180],
      [45.05, -110.05],
      [12.345678, -0.000001],
    ];
    for (const [lat, lng] of points) {
      const id = randomUUID();
      await sut.service.runtime.dataSource.query(
        `INSERT INTO items.items (id, poster_id, title, category, pricing_type, time_limit, expires_at, lat, lng)
         VALUES ($1, $2, 't', 'Other', 'free', 1, now(), $3, $4)`,
        [id, randomUUID(), lat, lng],
      );
      // The cells are those of the public position (what every search is made against), not of the spot.
      const [row] = await sut.service.runtime.dataSource.query(
        `SELECT cell_fine, cell_coarse, cell_wide, public_lat, public_lng FROM items.items WHERE id = $1`,
        [id],
      );
      const [pLat, pLng] = [Number(row.public_lat), Number(row.public_lng)];
      expect([row.cell_fine, row.cell_coarse, row.cell_wide]).toEqual([
        cellOf(pLat, pLng, FINE_GRID),
        cellOf(pLat, pLng, COARSE_GRID),
        cellOf(pLat, pLng, WIDE_GRID),
      ]);
    }
  });

  it('counts items per cell as the coarse column places them, and a feed reads the same page through either grid, as earth_distance would', async () => {
    const db = sut.service.runtime.dataSource;
    // A town straddling a coarse cell's edge (lng -74.0), dense in its middle and thinning out over ten miles.
    await postTown({ lat: 40.76, lng: -73.99, latSpan: 0.3, lngSpan: 0.4, items: 1500 });
    const counts = await countCells((text) => db.query(text));
    const coarse: { cell: number; n: number }[] = await db.query('SELECT cell_coarse AS cell, count(*)::int AS n FROM items.items WHERE listed GROUP BY 1');
    expect(counts.coarse).toEqual(new Map(coarse.map((row) => [row.cell, row.n])));

    let compared = 0;
    for (let i = 0; i < 24; i++) {
      const search = { lat: 40.76 + ((i % 5) - 2) * 0.04, lng: -73.99 + (Math.floor(i / 5) - 2) * 0.05, radiusMiles: 3 + (i % 3), limit: 20 };
      const page = async (grid: typeof FINE_GRID) => (await queryPrepared<{ id: string }>(db.manager, feedQuery({ ...search, grid }))).map((row) => row.id);
      expect(feedQuery({ ...search, grid: FINE_GRID }).text).toContain('it.cell_fine =');
      const [viaFine, viaCoarse] = [await page(FINE_GRID), await page(COARSE_GRID)];
      expect(viaFine).toEqual(viaCoarse);
      // The statement's distance test (a chord against the radius's chord) keeps what earth_distance keeps.
      const truth: { id: string }[] = await db.query(
        `SELECT id FROM items.items WHERE listed AND expires_at > now() AND earth_distance(ll_to_earth($1, $2), earth_pos) <= $3
         ORDER BY created_at DESC, id DESC LIMIT $4`,
        [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE, search.limit],
      );
      expect(viaFine).toEqual(truth.map((row) => row.id));
      if (viaFine.length > 0) compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('walks each cell of a feed in its index alone once the table is vacuumed, garage sales in theirs: no row is fetched only to be left out', async () => {
    const db = sut.service.runtime.dataSource;
    // A town of its own, dense at its centre: a 1-mile circle holds a small part of the cells it meets.
    await postTown({ lat: 47.61, lng: -122.33, latSpan: 0.2, lngSpan: 0.3, items: 800 });
    await db.query(
      `UPDATE items.items SET is_garage_sale = true, last_confirmed_at = now()
       WHERE id IN (SELECT id FROM items.items WHERE lat BETWEEN 47.5 AND 47.7 ORDER BY created_at DESC LIMIT 40)`,
    );
    // What autovacuum does after so many new rows (migration 1764800000403): the visibility map marks their pages. The
    // service may still be writing to the posts just made (their checks and events), and a page written after the
    // VACUUM is no longer all-visible: so the table is vacuumed until the map covers every page, and a case whose plan
    // met a page written in between is planned again (at most five times; an index that cannot answer alone fails all).
    const vacuumedWhole = async () => {
      for (let i = 0; i < 20; i++) {
        await db.query('VACUUM (ANALYZE) items.items');
        const [{ pages, visible }] = await db.query(`SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE oid = 'items.items'::regclass`);
        if (pages > 0 && visible === pages) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('items.items never became all-visible');
    };
    const walks = (node: PlanNode): PlanNode[] => [...(node['Index Name']?.startsWith('items_feed_') ? [node] : []), ...(node.Plans ?? []).flatMap(walks)];
    const cases: [Partial<FeedSearch>, string][] = [
      [{ grid: FINE_GRID }, 'items_feed_fine'],
      [{ grid: COARSE_GRID }, 'items_feed_coarse'],
      // The map's default: items only, and those confirmed lately.
      [{ grid: FINE_GRID, kind: 'items', recentlyConfirmed: true }, 'items_feed_fine'],
      [{ grid: FINE_GRID, kind: 'garage_sales' }, 'items_feed_sales_fine'],
    ];
    for (const [filters, index] of cases) {
      const { text, params } = feedQuery({ lat: 47.61, lng: -122.33, radiusMiles: 1, limit: 20, ...filters });
      let cells: PlanNode[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        await vacuumedWhole();
        const [{ 'QUERY PLAN': plan }] = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
        cells = walks(plan[0].Plan);
        if (cells.every((cell) => cell['Heap Fetches'] === 0)) break;
      }
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) expect(cell).toMatchObject({ 'Node Type': 'Index Only Scan', 'Index Name': index, 'Heap Fetches': 0 });
    }
  });
});

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}
