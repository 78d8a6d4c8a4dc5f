import { apiPath } from '@curbside/contracts/client';
import type { User } from '@curbside/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session/session-provider';
import { userQueryOptions } from '../session/api/get-user';
import { invalidateItemLists } from '../items/item-keys';
import type { Tier } from './plans';

/** PATCH /api/users/:id/subscription records the chosen plan (no payment in this version). */
export const setSubscription = (userId: string, tier: Tier) => api.patch<User>(apiPath('subscription', { id: userId }), { tier });

export function useSetSubscription() {
  const queryClient = useQueryClient();
  const { userId, refreshUser } = useSession();
  return useMutation({
    mutationFn: (tier: Tier) => {
      if (!userId) throw new Error('Please refresh the page and try again');
      return setSubscription(userId, tier);
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
      await refreshUser();
      // A new plan changes how far the feed, map, search and top finds reach.
      await invalidateItemLists(queryClient);
    },
  });
}
