import type { SavedSearch } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOnce } from '../../../lib/send-once';
import { savedSearchKeys } from './keys';

export interface CreateSavedSearchInput {
  query: string;
  category?: string;
  radius: number;
  location: { lat: number; lng: number; label?: string };
  isPublic: boolean;
}

/** One saved search per tap of Save, however often a bad network makes it send (lib/send-once.ts). */
export const createSavedSearch = (body: CreateSavedSearchInput) => sendOnce<SavedSearch>('POST', apiPath('createSavedSearch'), body);

/** Saving refreshes the member's list, and the wanted lists when it is public. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: savedSearchKeys.list }),
        saved.isPublic ? queryClient.invalidateQueries({ queryKey: savedSearchKeys.allWanted }) : undefined,
      ]),
  });
}
