import type { QueueChange } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateItemLists } from '../../../lib/items/item-keys';
import { claimKeys } from './keys';

export const leaveQueue = (itemId: string) => api.delete<QueueChange>(apiPath('leaveQueue', { id: itemId }));

export function useLeaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => leaveQueue(itemId),
    onSuccess: (_answer, itemId) => Promise.all([invalidateItemLists(queryClient), queryClient.invalidateQueries({ queryKey: claimKeys.queue(itemId) })]),
  });
}
