import type { SavedSearch, SavedSearchChange } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savedSearchKeys } from './keys';

export const setSavedSearchAutoClaim = (id: string, body: SavedSearchChange) => api.patch<SavedSearch>(apiPath('setSavedSearchAutoClaim', { id }), body);

/** Pro's auto-claim on or off for one of the member's searches; the list is refreshed with the server's answer. */
export function useSetSavedSearchAutoClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, autoClaim }: { id: string; autoClaim: boolean }) => setSavedSearchAutoClaim(id, { autoClaim }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.list }),
  });
}
