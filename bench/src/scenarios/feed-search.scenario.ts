import { feedQuery, groundTruthQuery } from '../feed/feed-sql';
import { FEED_POINTS, geoListScenario } from './feed.scenario';

/** The word of the rare case: no generated title or description has it; `prepare` gives it to about 1 item in 20,000. */
const RARE_WORD = 'harpsichord';
/** A word no generated item has either, which `prepare` gives to the newest 5,000 items around the dense point. */
const NEW_WORD = 'armchair';

/**
 * GET /api/items?q: the feed's text search (feed.query.ts, searchStatement) for words of every frequency, on the feed's
 * points and radii. `chair` is in about 1 item in 80 (a generated title and its description), `box` in 1 in 20,
 * `harpsichord` in a handful, `zebra` in none; `armchair` in the newest items at the dense point, after the statistics
 * were taken (as after a run of new posts): the planner takes it for rare.
 */
export const feedSearchScenario = geoListScenario({
  name: 'feed-search',
  summary: 'GET /api/items?q (the newest 50 within r miles holding a word): common, rare and absent words × dense and rural point × r = 1, 5, 25, 100 mi',
  path: (point, radius, q) => `/api/items?lat=${point.lat}&lng=${point.lng}&radius=${radius}&q=${encodeURIComponent(q ?? '')}`,
  appQuery: feedQuery,
  truthQuery: groundTruthQuery,
  words: ['chair', 'box', RARE_WORD, 'zebra', NEW_WORD],
  async prepare(db) {
    // The items whose id starts 0000, 0001 or 0002: the same ones for the same --seed, and a range of the primary key.
    await db.query(
      `UPDATE items.items SET description = description || ' Comes with a ${RARE_WORD}.'
       WHERE id < '00030000-0000-0000-0000-000000000000' AND description NOT LIKE '%${RARE_WORD}%'`,
    );
    // After the seeding's ANALYZE, so the statistics do not know it (the area is the city-day scenario's).
    await db.query(
      `UPDATE items.items SET description = description || ' Or an ${NEW_WORD}.'
       WHERE id IN (SELECT id FROM items.items WHERE listed AND expires_at > now() + interval '2 hours'
                      AND lat BETWEEN $1 - 0.15 AND $1 + 0.15 AND lng BETWEEN $2 - 0.2 AND $2 + 0.2
                    ORDER BY created_at DESC LIMIT 5000)
         AND description NOT LIKE '%${NEW_WORD}%'`,
      [FEED_POINTS[0].lat, FEED_POINTS[0].lng],
    );
  },
  denseFillsPage: false,
});
