import { METERS_PER_MILE } from '@curbside/contracts';
import { topFindsQuery } from '@curbside/items-service';
import { geoListScenario } from './feed.scenario';

/**
 * GET /api/top-finds: items voted on today (their local day) within r miles, most votes from established members
 * first. About one item in 32 gets 1–16 votes of today, spread by a hash of its id so both engines seed the same
 * votes; about three in four of them counted (the rest from accounts too new to count), so ranking and filtering by
 * the counted votes is measured on a mix.
 */
export const topFindsScenario = geoListScenario({
  name: 'top-finds',
  summary: 'GET /api/top-finds (most votes of the local day within r miles): dense and rural point × r = 1, 5, 25, 100 mi, HTTP and bare SQL',
  path: (point, radius) => `/api/top-finds?lat=${point.lat}&lng=${point.lng}&radius=${radius}`,
  appQuery: (search) => topFindsQuery({ lat: search.lat, lng: search.lng, radiusMiles: search.radiusMiles, limit: search.limit }),
  truthQuery: (search) => ({
    text: `SELECT id FROM items.items
           WHERE listed AND counted_votes > 0 AND votes_date = (now() AT TIME ZONE time_zone)::date AND expires_at > now()
             AND earth_distance(ll_to_earth($1, $2), earth_pos) <= $3
           ORDER BY counted_votes DESC, created_at DESC, id DESC
           LIMIT $4`,
    params: [search.lat, search.lng, search.radiusMiles * METERS_PER_MILE, search.limit],
  }),
  async afterSeed(db) {
    await db.query(
      `UPDATE items.items SET vote_count = 1 + (hashtext(id::text) & 15), votes_date = (now() AT TIME ZONE time_zone)::date,
         counted_votes = ((1 + (hashtext(id::text) & 15)) * 3) / 4
       WHERE (hashtext(id::text) >> 4) & 31 = 0`,
    );
  },
  denseFillsPage: false,
});
