import type { Place } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';
import { placeKeys } from './keys';

/** GET /api/places?q=: US ZIP codes or cities matching the text, with their centres (looked up on the server). */
export const findPlaces = (q: string, signal?: AbortSignal) => api.get<Place[]>(withQuery(apiPath('findPlaces'), { q }), signal);

export const findPlacesQueryOptions = (q: string | null) =>
  queryOptions({
    queryKey: placeKeys.search(q ?? ''),
    queryFn: ({ signal }) => findPlaces(q as string, signal),
    enabled: q !== null,
  });

export function useFindPlaces(q: string | null) {
  return useQuery(findPlacesQueryOptions(q));
}
