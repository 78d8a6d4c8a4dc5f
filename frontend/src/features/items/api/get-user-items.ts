import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mergeNewestFirst, type FeedItem } from '../lib/item-rules';

export const getUserItems = (userId: string, signal?: AbortSignal) => api.get<FeedItem[]>(`/api/users/${userId}/items`, signal);

export const userItemsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['/api/users-items', userId],
    queryFn: ({ signal }) => getUserItems(userId as string, signal),
    enabled: userId !== null,
    select: (items) => mergeNewestFirst([items]),
  });

export function useUserItems(userId: string | null) {
  return useQuery(userItemsQueryOptions(userId));
}
