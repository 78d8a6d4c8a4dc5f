import { randomUUID } from 'node:crypto';
import { startServiceUnderTest, ServiceUnderTest } from '@curbside/testing';
import { itemsService } from '../items.definition';

function metersBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_009;
}

type Place = { lat: number; lng: number };

/** The public position the database derives from the owner and the exact spot (migrations 1765000000404 and 1765000000410). */
describe('public position of an item', () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(itemsService);
  });
  afterAll(() => sut?.stop());

  const publicIn = async (service: ServiceUnderTest, owner: string, { lat, lng }: Place): Promise<Place> => {
    const [row] = await service.service.runtime.dataSource.query(`SELECT items.blurred_lat($1, $2, $3) AS lat, items.blurred_lng($1, $2, $3) AS lng`, [
      owner,
      lat,
      lng,
    ]);
    return { lat: Number(row.lat), lng: Number(row.lng) };
  };
  const publicOf = (owner: string, place: Place) => publicIn(sut, owner, place);

  it('is 75 to 150 m from the spot, in every direction, the same every time for an owner and place', async () => {
    const exact = { lat: 47.6, lng: -122.3 };
    const bearings = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const owner = randomUUID();
      const moved = await publicOf(owner, exact);
      const d = metersBetween(exact, moved);
      expect(d).toBeGreaterThanOrEqual(74);
      expect(d).toBeLessThanOrEqual(151);
      expect(await publicOf(owner, exact)).toEqual(moved);
      bearings.add(Math.floor(((Math.atan2(moved.lng - exact.lng, moved.lat - exact.lat) + Math.PI) / (2 * Math.PI)) * 4));
    }
    expect(bearings.size).toBe(4);
  });

  it("moves a member's posts from one place by one offset, so averaging them comes no closer to the place", async () => {
    // A place is a cell of the owner's own secretly shifted grid, so spots a metre or two apart can, for a few owners,
    // fall on both sides of a cell's edge (~4 % of owners for spots 2 m across a 0.001° cell). The test asks many
    // owners and allows those few; an offset per item, or per exact spot, fails for every one of them.
    const home = { lat: 47.61234, lng: -122.31234 };
    const spots = [
      [0, 0],
      [0.00001, 0],
      [0, -0.00001],
      [-0.00001, 0.00001],
    ].map(([dLat, dLng]) => ({ lat: home.lat + dLat, lng: home.lng + dLng }));
    const owners = Array.from({ length: 40 }, () => randomUUID());
    let oneOffset = 0;
    for (const owner of owners) {
      const offsets: Place[] = [];
      for (const spot of spots) {
        const moved = await publicOf(owner, spot);
        offsets.push({ lat: moved.lat - spot.lat, lng: moved.lng - spot.lng });
      }
      // The same to ~1 cm: the offset's east-west part in degrees depends on the spot's latitude.
      if (offsets.every((o) => Math.abs(o.lat - offsets[0].lat) < 1e-7 && Math.abs(o.lng - offsets[0].lng) < 1e-7)) oneOffset++;
    }
    expect(oneOffset).toBeGreaterThanOrEqual(30);
    // Another member at the same spot, or the same member a few places away, is moved another way.
    const [owner] = owners;
    expect(await publicOf(randomUUID(), home)).not.toEqual(await publicOf(owner, home));
    const elsewhere = { lat: home.lat + 0.05, lng: home.lng };
    const movedElsewhere = await publicOf(owner, elsewhere);
    const movedHome = await publicOf(owner, home);
    expect(movedElsewhere.lat - elsewhere.lat).not.toBeCloseTo(movedHome.lat - home.lat, 7);
  });

  it('gives away no other spot of the member: a known exact spot and its public one place nothing 200 m off', async () => {
    // A holder sees the exact spot of the item they hold and anyone its public one, so the offset of that spot is
    // known. Another spot of the same member 200 m away (their wanted post at home, say) must not be found by taking
    // that offset off its public spot. Two independent offsets of 75-150 m fall within 20 m of each other for ~2 % of
    // owners; one offset for both spots would put every owner's spot within centimetres.
    const held = { lat: 47.62, lng: -122.33 };
    const home = { lat: held.lat + 0.0018, lng: held.lng };
    let givenAway = 0;
    for (let i = 0; i < 40; i++) {
      const owner = randomUUID();
      const heldPublic = await publicOf(owner, held);
      const homePublic = await publicOf(owner, home);
      const guess = { lat: homePublic.lat - (heldPublic.lat - held.lat), lng: homePublic.lng - (heldPublic.lng - held.lng) };
      if (metersBetween(guess, home) < 20) givenAway++;
    }
    expect(givenAway).toBeLessThanOrEqual(6);
  });

  it('cannot be worked out from the code: another installation moves the same owner and spot elsewhere', async () => {
    // An empty database: the installation's secret is made by a migration, and every copy of the tests' template shares it.
    const other = await startServiceUnderTest(itemsService, {}, 'empty');
    try {
      const owner = randomUUID();
      const spot = { lat: 40.7128, lng: -74.006 };
      for (let i = 0; i < 5; i++) {
        const here = await publicOf(owner, { lat: spot.lat + i * 0.1, lng: spot.lng });
        const there = await publicIn(other, owner, { lat: spot.lat + i * 0.1, lng: spot.lng });
        expect(metersBetween(here, there)).toBeGreaterThan(0.01);
      }
    } finally {
      await other.stop();
    }
  });

  it('stays a valid position at the poles and the date line', async () => {
    for (const [lat, lng] of [
      [89.9999, 179.9999],
      [-89.9999, -179.9999],
    ]) {
      const moved = await publicOf(randomUUID(), { lat, lng });
      expect(moved.lat).toBeGreaterThanOrEqual(-90);
      expect(moved.lat).toBeLessThanOrEqual(90);
      expect(moved.lng).toBeGreaterThanOrEqual(-180);
      expect(moved.lng).toBeLessThan(180);
    }
  });

  it('is what an item and a wanted post store, and the indexes on it are there again', async () => {
    const db = sut.service.runtime.dataSource;
    const owner = randomUUID();
    const spot = { lat: 51.5072, lng: -0.1276 };
    const [item] = await db.query(
      `INSERT INTO items.items (id, poster_id, title, category, pricing_type, time_limit, lat, lng, expires_at)
       VALUES ($1, $2, 'Lamp', 'furniture', 'free', 24, $3, $4, now() + interval '1 day')
       RETURNING public_lat, public_lng, cell_fine`,
      [randomUUID(), owner, spot.lat, spot.lng],
    );
    const [wanted] = await db.query(
      `INSERT INTO items.saved_searches (id, user_id, query, words, radius_miles, lat, lng, is_public)
       VALUES ($1, $2, 'lamp', ARRAY['lamp'], 5, $3, $4, true) RETURNING public_lat, public_lng`,
      [randomUUID(), owner, spot.lat, spot.lng],
    );
    const expected = await publicOf(owner, spot);
    expect({ lat: item.public_lat, lng: item.public_lng }).toEqual(expected);
    expect({ lat: wanted.public_lat, lng: wanted.public_lng }).toEqual(expected);
    expect(item.cell_fine).toBe(Math.floor((expected.lat + 90) / 0.05) * 7200 + Math.floor((expected.lng + 180) / 0.05));
    const indexes: { name: string }[] = await db.query(
      `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'items' AND tablename IN ('items', 'saved_searches') ORDER BY 1`,
    );
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        ...['fine', 'coarse', 'wide'].flatMap((g) => [`items_feed_${g}`, `items_feed_sales_${g}`, `items_top_${g}`]),
        'saved_searches_reach',
        'saved_searches_wanted',
        'saved_searches_wanted_reach',
      ]),
    );
  });
});
