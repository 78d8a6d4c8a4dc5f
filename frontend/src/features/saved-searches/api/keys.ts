import { ApiRoutes } from '@curbside/contracts/client';

/** Owns every key of the saved-searches feature. */
export const savedSearchKeys = {
  list: [ApiRoutes.savedSearches.path] as const,
  allWanted: [ApiRoutes.wanted.path] as const,
  wanted: (lat: number, lng: number, radius: number) => [ApiRoutes.wanted.path, lat, lng, radius] as const,
};
