import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateItemLists } from '../../../lib/items/item-keys';

export const releaseHold = (itemId: string) => api.delete<{ success: boolean; message: string }>(apiPath('releaseHold', { id: itemId }));

/** The holder gives the item back; the next member in line gets it at once. */
export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => releaseHold(itemId),
    onSuccess: () => invalidateItemLists(queryClient),
  });
}
