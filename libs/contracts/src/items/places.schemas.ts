import { z } from 'zod';

/** Longest text the place lookup reads: a city and state ("Salt Lake City, UT") or a ZIP code fit well within it. */
export const PLACE_QUERY_MAX = 60;
/** Places one lookup answers with at most (a city name found in several states). */
export const PLACES_MAX = 8;
export const PLACE_QUERY_MESSAGE = 'Enter a 5-digit US ZIP code or a city (e.g. "Portland, OR")';

/** GET /api/places?q=: a US ZIP code or a city, optionally with its state. */
export const placeQuerySchema = z.object({
  q: z
    .string({ error: PLACE_QUERY_MESSAGE })
    .trim()
    .min(2, { error: PLACE_QUERY_MESSAGE })
    .max(PLACE_QUERY_MAX, { error: `A place must be under ${PLACE_QUERY_MAX} characters` })
    // Place names are letters, digits, spaces and a little punctuation ("St. Louis", "Coeur d'Alene", "Winston-Salem");
    // anything else (a replacement character from broken input, symbols) can match no place.
    .regex(/^[\p{L}\p{M}\p{N} ,.'’-]+$/u, { error: PLACE_QUERY_MESSAGE }),
});
export type PlaceQuery = z.infer<typeof placeQuerySchema>;

/** A place a member can choose instead of their device's position: a ZIP code's or a city's centre. */
export const placeSchema = z.object({
  /** "New York, NY 10001" or "Portland, OR". */
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.array(placeSchema);
