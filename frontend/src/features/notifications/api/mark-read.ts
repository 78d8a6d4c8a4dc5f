import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export const markNotificationRead = (notificationId: string) => api.patch<{ success: boolean }>(apiPath('markNotificationRead', { notificationId }));
export const markAllNotificationsRead = (userId: string) => api.patch<{ success: boolean; count: number }>(apiPath('markAllNotificationsRead', { userId }));

/** Spec §4: after a mark-read call succeeds the notification queries (count and lists) are refreshed. */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}

export function useMarkAllRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}
