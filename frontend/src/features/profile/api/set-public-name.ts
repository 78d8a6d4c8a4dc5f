import type { User } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/session/api/keys';
import { useSession } from '../../../lib/session/session-provider';

/** PUT /api/users/:id/public-name: the first name (and last initial) or the made-up name, as neighbours see it. */
export const setPublicName = (userId: string, useGeneratedName: boolean) => api.put<User>(apiPath('setPublicName', { id: userId }), { useGeneratedName });

export function useSetPublicName() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (useGeneratedName: boolean) => {
      if (!userId) throw new Error('Please refresh the page and try again');
      return setPublicName(userId, useGeneratedName);
    },
    // The answer is the member's record: every screen reading it shows the new name at once.
    onSuccess: (user) =>
      queryClient.setQueryData(userKeys.detail(user.id), (old: User | undefined) =>
        old ? { ...old, ...user, points: old.points, pendingPoints: old.pendingPoints } : user,
      ),
  });
}
