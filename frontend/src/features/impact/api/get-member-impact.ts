import type { MemberImpact } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { impactKeys } from './get-area-impact';

export const getMemberImpact = (userId: string, signal?: AbortSignal) => api.get<MemberImpact>(apiPath('memberImpact', { id: userId }), signal);

/** A member's figure; asked afresh each time the profile opens (a neighbour's pickup of their post adds to it). */
export const memberImpactQueryOptions = (userId: string) =>
  queryOptions({ queryKey: impactKeys.member(userId), queryFn: ({ signal }) => getMemberImpact(userId, signal), staleTime: 0 });

export function useMemberImpact(userId: string) {
  return useQuery(memberImpactQueryOptions(userId));
}
