import type { QueueChange } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateItemLists } from '../../../lib/items/item-keys';
import { claimKeys } from './keys';

export const joinQueue = (itemId: string) => api.post<QueueChange>(apiPath('joinQueue', { id: itemId }));

export function useJoinQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => joinQueue(itemId),
    onSuccess: (_answer, itemId) => Promise.all([invalidateItemLists(queryClient), queryClient.invalidateQueries({ queryKey: claimKeys.queue(itemId) })]),
  });
}
