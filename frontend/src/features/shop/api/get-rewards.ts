import type { Reward } from '@curbside/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getRewards = (signal?: AbortSignal) => api.get<Reward[]>('/api/rewards', signal);

export const rewardsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/rewards'],
    queryFn: ({ signal }) => getRewards(signal),
  });

export function useRewards() {
  return useQuery(rewardsQueryOptions());
}
