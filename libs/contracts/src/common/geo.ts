import { z } from 'zod';
import { MAX_RADIUS_MILES } from '../client/items';

// Shared with the browser through the zod-free client entry.
export { distanceMiles, EARTH_RADIUS_MILES, MAX_RADIUS_MILES, SEARCH_RADII_MILES } from '../client/items';
export const METERS_PER_MILE = 1609.344;

/** Accepts a number or a numeric string (query strings and the spec's string coordinates). */
const numeric = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`),
  );

export const latitudeSchema = numeric('Latitude').pipe(
  z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
);
export const longitudeSchema = numeric('Longitude').pipe(
  z.number().min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
);

export const radiusMilesSchema = numeric('Radius').pipe(
  z.number().gt(0, 'Radius must be more than 0 miles').max(MAX_RADIUS_MILES, `Radius must be at most ${MAX_RADIUS_MILES} miles`),
);

export const positionSchema = z.object({ lat: latitudeSchema, lng: longitudeSchema });
export type Position = z.infer<typeof positionSchema>;
