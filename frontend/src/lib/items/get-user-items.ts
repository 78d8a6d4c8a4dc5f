import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { mergeNewestFirst, type FeedItem } from './item-rules';
import { itemKeys } from './item-keys';

export const getUserItems = (userId: string, signal?: AbortSignal) => api.get<FeedItem[]>(apiPath('userItems', { id: userId }), signal);

export const userItemsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: itemKeys.userItems(userId),
    queryFn: ({ signal }) => getUserItems(userId as string, signal),
    enabled: userId !== null,
    select: (items) => mergeNewestFirst([items]),
  });

export function useUserItems(userId: string | null) {
  return useQuery(userItemsQueryOptions(userId));
}
