import { FeedQuery, Item, METERS_PER_MILE } from '@curbside/contracts';
import { likePattern, RARE_WORD_MATCHES, SEARCH_TEXT_SEPARATOR, SEARCH_WALK_ROWS } from '../src/items/feed.query';
import { coveringCells, gridFor } from '../src/items/geo-grid.rules';
import { ItemsService } from '../src/items/items.service';
import { ItemsWorld, startItemsWorld } from './items-world';

/** Inside one fine grid cell (44.00–44.05° N, 93.25–93.20° W) with room for the public position's offset. */
const HERE = { lat: 44.025, lng: -93.225 };
const RADIUS_MILES = 2;
const ITEMS = 2600;
/** The rows of each covering cell the search's walks read (all items are in one of the cells). */
const CELLS = coveringCells(HERE.lat, HERE.lng, RADIUS_MILES, gridFor(RADIUS_MILES)).length;
const SHORT_WALK = Math.ceil(SEARCH_WALK_ROWS.short / CELLS);
const LONG_WALK = Math.ceil(SEARCH_WALK_ROWS.long / CELLS);

/**
 * What the items of the neighbourhood say, newest first (`age` 0 is the newest, a minute apart). Each word sends the
 * search down another step of its statement (feed.query.ts, searchStatement), which must not change the answer.
 */
function wordsOf(age: number): { title: string; description: string } {
  if ([100, 1500, 2400].includes(age)) return { title: 'Bench', description: 'From a Harpsichord café.' };
  if (age >= 400 && age < 1400 && age % 8 === 1) return { title: 'Desk lamp', description: 'Works.' };
  if (age >= 2300 && age % 2 === 1) return { title: 'Hall mirror', description: 'A few spots.' };
  if (age % 3 === 0) return { title: 'Oak chair', description: 'Sturdy.' };
  return { title: 'Blue sofa', description: 'Comfortable.' };
}

/** The feed's text search on the real PostgreSQL: every word, common or rare, gives the brute-force answer, page after page. */
describe('feed search', () => {
  let world: ItemsWorld;
  let items: ItemsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    items = world.get(ItemsService);
    const poster = await world.member();
    const ages = Array.from({ length: ITEMS }, (_, age) => age);
    // Spread over ±0.008° of latitude and ±0.01° of longitude by fixed strides, the same places every run.
    await world.db.query(
      `INSERT INTO items.items (id, poster_id, title, description, category, pricing_type, time_limit, expires_at, lat, lng, created_at)
       SELECT gen_random_uuid(), $1, u.title, u.description, 'Other', 'free', 24, now() + interval '1 day', u.lat, u.lng, now() - make_interval(mins => u.age)
       FROM unnest($2::text[], $3::text[], $4::float8[], $5::float8[], $6::int[]) AS u(title, description, lat, lng, age)`,
      [
        poster,
        ages.map((age) => wordsOf(age).title),
        ages.map((age) => wordsOf(age).description),
        ages.map((age) => HERE.lat + (((age * 7919) % 1601) - 800) / 100_000),
        ages.map((age) => HERE.lng + (((age * 104_729) % 2001) - 1000) / 100_000),
        ages,
      ],
    );
    await world.db.query('ANALYZE items.items');
  });
  afterAll(() => world?.stop());

  const page = async (q: string, limit: number, cursor?: string) => {
    const query: FeedQuery = { lat: HERE.lat, lng: HERE.lng, radius: RADIUS_MILES, limit, q, kind: 'all', ...(cursor ? { cursor } : {}) };
    const reply = await items.feed(query, undefined);
    return { ids: (JSON.parse(reply.itemsJson) as Item[]).map((i) => i.id), nextCursor: reply.nextCursor };
  };
  /** Every listed, unexpired item within the radius whose title or description holds the words, newest first: a full scan. */
  const bruteForce = async (q: string, limit: number, offset: number) =>
    (
      await world.db.query(
        `SELECT id FROM items.items
         WHERE listed AND expires_at > now() AND earth_distance(ll_to_earth($1, $2), earth_pos) <= $3
           AND (title ILIKE $4 OR description ILIKE $4)
         ORDER BY created_at DESC, id DESC
         LIMIT $5 OFFSET $6`,
        [HERE.lat, HERE.lng, RADIUS_MILES * METERS_PER_MILE, likePattern(q), limit, offset],
      )
    ).map((row: { id: string }) => row.id);

  it('keeps the words of the neighbourhood where the steps need them', () => {
    const ages = (title: string) => Array.from({ length: ITEMS }, (_, age) => age).filter((age) => wordsOf(age).title === title);
    // chair: a third of the newest, so a page of 10 is within the short walk.
    expect(ages('Oak chair').filter((age) => age < SHORT_WALK).length).toBeGreaterThanOrEqual(10);
    // lamp: not rare, none in the short walk, two pages of 50 within the long walk of the first page's last one.
    expect(ages('Desk lamp').length).toBeGreaterThan(RARE_WORD_MATCHES);
    expect(Math.min(...ages('Desk lamp'))).toBeGreaterThanOrEqual(SHORT_WALK);
    expect(ages('Desk lamp')[99]).toBeLessThan(ages('Desk lamp')[49] + LONG_WALK);
    // mirror: not rare, only beyond the long walk.
    expect(ages('Hall mirror').length).toBeGreaterThan(RARE_WORD_MATCHES);
    expect(Math.min(...ages('Hall mirror'))).toBeGreaterThanOrEqual(LONG_WALK);
    // harpsichord: rare, none in the short walk.
    expect(ages('Bench').length).toBeLessThan(RARE_WORD_MATCHES);
    expect(Math.min(...ages('Bench'))).toBeGreaterThanOrEqual(SHORT_WALK);
  });

  it.each([
    ['chair', 'common among the newest: the short walk answers', 10],
    ['lamp', 'not rare, beyond the short walk: the long walk answers', 50],
    ['mirror', 'not rare, only among the oldest: the trigram indexes answer', 50],
    ['harpsichord', 'in three items, in the description: the rare words step answers', 2],
    ['zebra', 'in no item: the rare words step answers, with nothing', 50],
  ])('answers "%s" (%s) as a full scan does, and the next page too', async (q, _why, limit) => {
    const first = await page(q, limit);
    expect(first.ids).toEqual(await bruteForce(q, limit, 0));
    if (q === 'zebra') {
      expect(first).toEqual({ ids: [], nextCursor: null });
      return;
    }
    expect(first.ids).toHaveLength(limit);
    const second = await page(q, limit, first.nextCursor as string);
    expect(second.ids.length).toBeGreaterThan(0);
    expect(second.ids).toEqual(await bruteForce(q, limit, limit));
  });

  it.each([
    ['HARPSICHORD', 2],
    ['Oak CHAIR', 10],
    ['CAFÉ', 2],
  ])('finds "%s" in any case, as ILIKE does', async (q, limit) => {
    const first = await page(q, limit);
    expect(first.ids).toEqual(await bruteForce(q, limit, 0));
    expect(first.ids).toHaveLength(limit);
  });

  it('never matches across the title and the description', async () => {
    // "Oak chair" / "Sturdy.": in the stored copy the two are joined by the separator, which a search may hold too.
    for (const q of ['chair sturdy', `chair${SEARCH_TEXT_SEPARATOR}sturdy`, `chair${SEARCH_TEXT_SEPARATOR}`]) {
      expect((await page(q, 10)).ids).toEqual([]);
      expect(await bruteForce(q, 10, 0)).toEqual([]);
    }
    expect((await page(`${SEARCH_TEXT_SEPARATOR}`, 10)).ids).toEqual([]);
  });
});
