import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savedSearchKeys } from './keys';

export const deleteSavedSearch = (id: string) => api.delete<{ success: boolean }>(apiPath('deleteSavedSearch', { id }));

/** Deleting refreshes the member's list and the wanted lists (it may have been a wanted post). */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: savedSearchKeys.list }), queryClient.invalidateQueries({ queryKey: savedSearchKeys.allWanted })]),
  });
}
