import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getUnreadCount = (userId: string, signal?: AbortSignal) => api.get<{ count: number }>(`/api/notifications/${userId}/count`, signal);

export const unreadCountQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['/api/notifications', userId, 'count'],
    queryFn: ({ signal }) => getUnreadCount(userId as string, signal),
    enabled: userId !== null,
    refetchInterval: 30_000,
  });

export function useUnreadCount(userId: string | null) {
  return useQuery(unreadCountQueryOptions(userId));
}
