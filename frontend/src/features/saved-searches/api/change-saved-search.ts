import type { SavedSearch, SavedSearchChange } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savedSearchKeys } from './keys';

export const changeSavedSearch = (id: string, body: SavedSearchChange) => api.patch<SavedSearch>(apiPath('setSavedSearchAutoClaim', { id }), body);

/**
 * A change to one of the member's searches: Pro's auto-claim on or off, or new words (a wanted post's are checked
 * again by the server, and may come back hidden for review); the list is refreshed with the server's answer.
 */
export function useChangeSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SavedSearchChange }) => changeSavedSearch(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.list }),
  });
}
