import type { Reward } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { earlyRequest } from '../../../lib/early-request';

export const getRewards = (signal?: AbortSignal) => api.get<Reward[]>(apiPath('listRewards'), signal);

const early = earlyRequest<Reward[]>();
/** The shop opened directly asks for its catalogue during start-up. */
export const startRewardsEarly = () => early.start('catalogue', () => getRewards());

export const rewardsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/rewards'],
    queryFn: ({ signal }) => early.fetch('catalogue', () => getRewards(signal)),
  });

export function useRewards() {
  return useQuery(rewardsQueryOptions());
}
