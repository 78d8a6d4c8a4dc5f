import { randomUUID } from 'node:crypto';
import { startServiceUnderTest, ServiceUnderTest } from '@curbside/testing';
import { itemsService } from '../items.definition';
import { cellOf, COARSE_GRID, FINE_GRID, WIDE_GRID } from './geo-grid.rules';

/** The migrations' generated cell columns and the query's covering cells must agree to the last cell. */
describe('grid cells in SQL and in code', () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(itemsService);
  });
  afterAll(() => sut?.stop());

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
});
