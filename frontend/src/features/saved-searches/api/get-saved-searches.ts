import type { SavedSearch } from '@curbside/contracts';
import { ApiRoutes, apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { SavedSearch };

/** Owns every key of the saved-searches feature. */
export const savedSearchKeys = {
  list: [ApiRoutes.savedSearches.path] as const,
  allWanted: [ApiRoutes.wanted.path] as const,
  wanted: (lat: number, lng: number, radius: number) => [ApiRoutes.wanted.path, lat, lng, radius] as const,
};

export const getSavedSearches = (signal?: AbortSignal) => api.get<SavedSearch[]>(apiPath('savedSearches'), signal);
export const savedSearchesQueryOptions = () => queryOptions({ queryKey: savedSearchKeys.list, queryFn: ({ signal }) => getSavedSearches(signal) });
/** The member's saved searches; off while nobody is signed in. */
export const useSavedSearches = (enabled = true) => useQuery({ ...savedSearchesQueryOptions(), enabled });
