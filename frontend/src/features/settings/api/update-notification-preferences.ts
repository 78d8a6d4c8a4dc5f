import { apiPath } from '@curbside/contracts/client';
import type { NotificationPreferences, NotificationPreferencesRequest } from '@curbside/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-provider';

/** PATCH /api/users/:id/notification-preferences: the alert switches and the notification radius; answers what was saved. */
export const updateNotificationPreferences = (userId: string, body: NotificationPreferencesRequest) =>
  api.patch<NotificationPreferences>(apiPath('notificationPreferences', { id: userId }), body);

export function useUpdateNotificationPreferences() {
  const { userId, refreshUser } = useSession();
  return useMutation({
    mutationFn: (body: NotificationPreferencesRequest) => {
      if (!userId) throw new Error('Please refresh the page and try again');
      return updateNotificationPreferences(userId, body);
    },
    // The user record carries the switches: reload it so the profile and the next opening show what was saved.
    onSuccess: () => refreshUser(),
  });
}
