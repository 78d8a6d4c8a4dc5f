import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveConnected } from '../../../lib/notifications/live-status';
import { notificationKeys } from './keys';

/** Spec §9: the count is polled every 30 s, unless the live stream is open and pushes it. */
export const COUNT_POLL_MS = 30_000;

export const getUnreadCount = (userId: string, signal?: AbortSignal) => api.get<{ count: number }>(apiPath('notificationCount', { userId }), signal);

export const unreadCountQueryOptions = (userId: string | null, live = false) =>
  queryOptions({
    queryKey: notificationKeys.count(userId),
    queryFn: ({ signal }) => getUnreadCount(userId as string, signal),
    enabled: userId !== null,
    refetchInterval: live ? false : COUNT_POLL_MS,
  });

export function useUnreadCount(userId: string | null) {
  return useQuery(unreadCountQueryOptions(userId, useLiveConnected()));
}
