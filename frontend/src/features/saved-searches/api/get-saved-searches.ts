import type { SavedSearch } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savedSearchKeys } from './keys';

export type { SavedSearch };

export const getSavedSearches = (signal?: AbortSignal) => api.get<SavedSearch[]>(apiPath('savedSearches'), signal);
export const savedSearchesQueryOptions = () => queryOptions({ queryKey: savedSearchKeys.list, queryFn: ({ signal }) => getSavedSearches(signal) });
/** The member's saved searches; off while nobody is signed in. */
export const useSavedSearches = (enabled = true) => useQuery({ ...savedSearchesQueryOptions(), enabled });
