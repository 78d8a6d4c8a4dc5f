import type { interestResponseSchema, Item, updateItemRequestSchema, voteResponseSchema } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { invalidateItemLists } from '../../../lib/items/item-keys';
import { markStillThere } from '../../../lib/items/mark-still-there';

/** One mutation hook per item call of spec §7; each refreshes every item list afterwards. */
function useItemMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateItemLists(queryClient) });
}

type VoteResponse = z.infer<typeof voteResponseSchema>;
type InterestResponse = z.infer<typeof interestResponseSchema>;

export const voteItem = (itemId: string, userId: string) => api.post<VoteResponse>(apiPath('vote', { id: itemId }), { userId });
export const useVoteItem = () => useItemMutation(({ itemId, userId }: { itemId: string; userId: string }) => voteItem(itemId, userId));

export const useStillThere = () =>
  useItemMutation(({ itemId, userId, stillThere }: { itemId: string; userId: string; stillThere?: boolean }) => markStillThere(itemId, userId, stillThere));

export const toggleInterest = (itemId: string, userId: string) => api.post<InterestResponse>(apiPath('interest', { id: itemId }), { userId });
export const useToggleInterest = () => useItemMutation(({ itemId, userId }: { itemId: string; userId: string }) => toggleInterest(itemId, userId));

export type UpdateItemInput = z.input<typeof updateItemRequestSchema>;
export const updateItem = (itemId: string, body: UpdateItemInput) => api.patch<Item>(apiPath('updateItem', { id: itemId }), body);
export const useUpdateItem = () => useItemMutation(({ itemId, body }: { itemId: string; body: UpdateItemInput }) => updateItem(itemId, body));

export const deleteItem = (itemId: string, userId: string) => api.delete<unknown>(apiPath('deleteItem', { id: itemId }), { userId });
export const useDeleteItem = () => useItemMutation(({ itemId, userId }: { itemId: string; userId: string }) => deleteItem(itemId, userId));
