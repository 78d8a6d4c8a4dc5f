import type { BlockResponse } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { commentKeys } from '../../../lib/comments/comment-keys';
import { itemKeys } from '../../../lib/items/item-keys';
import { blockKeys } from './keys';

export const blockMember = (userId: string) => api.post<BlockResponse>(apiPath('block', { id: userId }));
export const unblockMember = (userId: string) => api.delete<BlockResponse>(apiPath('unblock', { id: userId }));

/**
 * After a block or an unblock: the list of blocked members, the item lists and every comment thread, which now leave
 * the member out or show them again.
 */
function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: blockKeys.list }),
      queryClient.invalidateQueries({ queryKey: itemKeys.feeds }),
      queryClient.invalidateQueries({ queryKey: itemKeys.topFinds }),
      queryClient.invalidateQueries({ queryKey: commentKeys.threads }),
    ]);
}

export function useBlockMember() {
  const refresh = useRefreshAfterBlock();
  return useMutation({ mutationFn: blockMember, onSuccess: refresh });
}

export function useUnblockMember() {
  const refresh = useRefreshAfterBlock();
  return useMutation({ mutationFn: unblockMember, onSuccess: refresh });
}
