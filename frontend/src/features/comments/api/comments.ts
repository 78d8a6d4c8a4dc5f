import type { Comment, MonthlyComments } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sendOnce } from '../../../lib/send-once';
import { itemKeys } from '../../../lib/items/item-keys';
import { commentKeys } from '../../../lib/comments/comment-keys';

export type { Comment };

export const getComments = (itemId: string, signal?: AbortSignal) => api.get<Comment[]>(apiPath('comments', { id: itemId }), signal);
export const commentsQueryOptions = (itemId: string) =>
  queryOptions({ queryKey: commentKeys.thread(itemId), queryFn: ({ signal }) => getComments(itemId, signal) });
export const useComments = (itemId: string) => useQuery(commentsQueryOptions(itemId));

export const getCommentQuota = (userId: string, signal?: AbortSignal) => api.get<MonthlyComments>(apiPath('monthlyComments', { id: userId }), signal);
export const commentQuotaQueryOptions = (userId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: commentKeys.quota(userId),
    queryFn: ({ signal }) => getCommentQuota(userId as string, signal),
    enabled: enabled && userId !== null,
  });
export const useCommentQuota = (userId: string | null, enabled: boolean) => useQuery(commentQuotaQueryOptions(userId, enabled));

export const createComment = (itemId: string, userId: string, content: string) =>
  sendOnce<Comment>('POST', apiPath('createComment', { id: itemId }), { userId, content });
export const updateComment = (itemId: string, commentId: string, content: string) =>
  api.patch<Comment>(apiPath('updateComment', { id: itemId, commentId }), { content });
export const deleteComment = (itemId: string, commentId: string) => api.delete<unknown>(apiPath('deleteComment', { id: itemId, commentId }));

/** After any comment change: the item's list, the quota and the counts on the item lists. */
function useRefreshComments(itemId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentsQueryOptions(itemId).queryKey }),
      queryClient.invalidateQueries({ queryKey: commentKeys.quotas }),
      // The comment counts on the cards.
      queryClient.invalidateQueries({ queryKey: itemKeys.feeds }),
    ]);
}

export function useCreateComment(itemId: string) {
  const refresh = useRefreshComments(itemId);
  return useMutation({ mutationFn: ({ userId, content }: { userId: string; content: string }) => createComment(itemId, userId, content), onSuccess: refresh });
}
export function useUpdateComment(itemId: string) {
  const refresh = useRefreshComments(itemId);
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) => updateComment(itemId, commentId, content),
    onSuccess: refresh,
  });
}
export function useDeleteComment(itemId: string) {
  const refresh = useRefreshComments(itemId);
  return useMutation({ mutationFn: (commentId: string) => deleteComment(itemId, commentId), onSuccess: refresh });
}
