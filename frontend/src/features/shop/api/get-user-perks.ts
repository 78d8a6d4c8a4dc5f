import type { UserPerk } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopKeys } from './keys';

export const getUserPerks = (userId: string, signal?: AbortSignal) => api.get<UserPerk[]>(apiPath('userPerks', { userId }), signal);

export const userPerksQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: shopKeys.perks(userId),
    queryFn: ({ signal }) => getUserPerks(userId as string, signal),
    enabled: userId !== null,
  });

/** The member's perks: redeemed but unused (each with a Use), and spotlights still running. */
export function useUserPerks(userId: string | null) {
  return useQuery(userPerksQueryOptions(userId));
}
