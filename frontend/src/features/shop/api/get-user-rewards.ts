import type { UserReward } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopKeys } from './keys';

export const getUserRewards = (userId: string, signal?: AbortSignal) => api.get<UserReward[]>(apiPath('userRewards', { userId }), signal);

export const userRewardsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: shopKeys.userRewards(userId),
    queryFn: ({ signal }) => getUserRewards(userId as string, signal),
    enabled: userId !== null,
  });

export function useUserRewards(userId: string | null) {
  return useQuery(userRewardsQueryOptions(userId));
}
