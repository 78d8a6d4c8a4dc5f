import type { Reward } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopKeys } from './keys';

export const getRewards = (signal?: AbortSignal) => api.get<Reward[]>(apiPath('listRewards'), signal);

export const rewardsQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.rewards,
    queryFn: ({ signal }) => getRewards(signal),
  });

export function useRewards() {
  return useQuery(rewardsQueryOptions());
}
