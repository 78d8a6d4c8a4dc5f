import { ApiRoutes } from '@curbside/contracts/client';

/** Owns every query key of the feature. */
export const placeKeys = {
  all: [ApiRoutes.findPlaces.path] as const,
  search: (q: string) => [ApiRoutes.findPlaces.path, q] as const,
};
