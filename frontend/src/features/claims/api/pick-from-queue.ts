import type { QueueChange } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateItemLists } from '../../../lib/items/item-keys';
import { queueQueryOptions } from './get-queue';

/** The poster of a paid item or a garage sale puts a member of the line next up (docs/product-rules.md, "Queue"). */
export const pickFromQueue = (itemId: string, userId: string) => api.post<QueueChange>(apiPath('pickFromQueue', { id: itemId, userId }));

export function usePickFromQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, userId }: { itemId: string; userId: string }) => pickFromQueue(itemId, userId),
    onSuccess: (answer, { itemId }) => {
      queryClient.setQueryData(queueQueryOptions(itemId).queryKey, answer.queue);
      return invalidateItemLists(queryClient);
    },
  });
}
