import type { UserReward } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { earlyRequest } from '../../../lib/early-request';

export const getUserRewards = (userId: string, signal?: AbortSignal) => api.get<UserReward[]>(apiPath('userRewards', { userId }), signal);

const early = earlyRequest<UserReward[]>();
/** The shop opened directly asks for the stored member's redemptions during start-up (used only if it is them). */
export const startUserRewardsEarly = (userId: string) => early.start(userId, () => getUserRewards(userId));

export const userRewardsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['/api/users', userId, 'rewards'],
    queryFn: ({ signal }) => early.fetch(userId as string, () => getUserRewards(userId as string, signal)),
    enabled: userId !== null,
  });

export function useUserRewards(userId: string | null) {
  return useQuery(userRewardsQueryOptions(userId));
}
