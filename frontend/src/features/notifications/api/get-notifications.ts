import type { Notification } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export const getNotifications = (userId: string, unreadOnly: boolean, signal?: AbortSignal) =>
  api.get<Notification[]>(withQuery(apiPath('listNotifications', { userId }), { unreadOnly }), signal);

/** The panel's list; it runs only while the panel is open (the panel is the only place that mounts it). */
export const notificationsQueryOptions = (userId: string | null, unreadOnly: boolean, pollMs: number | false = false) =>
  queryOptions({
    queryKey: notificationKeys.list(userId, unreadOnly),
    queryFn: ({ signal }) => getNotifications(userId as string, unreadOnly, signal),
    enabled: userId !== null,
    refetchInterval: pollMs,
  });

export function useNotifications(userId: string | null, unreadOnly: boolean, pollMs: number | false = false) {
  return useQuery(notificationsQueryOptions(userId, unreadOnly, pollMs));
}
