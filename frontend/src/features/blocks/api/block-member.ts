import type { BlockResponse } from '@curbside/contracts';
import { ApiRoutes, apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { blockKeys } from './get-blocked-members';

export const blockMember = (userId: string) => api.post<BlockResponse>(apiPath('block', { id: userId }));
export const unblockMember = (userId: string) => api.delete<BlockResponse>(apiPath('unblock', { id: userId }));

/**
 * After a block or an unblock: the list of blocked members, and every item list and comment thread (keyed under the
 * feed's path), which now leave the member out or show them again.
 */
function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: blockKeys.list }), queryClient.invalidateQueries({ queryKey: [ApiRoutes.feed.path] }), queryClient.invalidateQueries({ queryKey: [ApiRoutes.topFinds.path] })]);
}

export function useBlockMember() {
  const refresh = useRefreshAfterBlock();
  return useMutation({ mutationFn: blockMember, onSuccess: refresh });
}

export function useUnblockMember() {
  const refresh = useRefreshAfterBlock();
  return useMutation({ mutationFn: unblockMember, onSuccess: refresh });
}
