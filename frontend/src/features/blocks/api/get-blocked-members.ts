import type { BlockedMember } from '@curbside/contracts';
import { ApiRoutes, apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { BlockedMember };

/** Owns every key of the blocks feature. */
export const blockKeys = { list: [ApiRoutes.blockedMembers.path] as const };

export const getBlockedMembers = (signal?: AbortSignal) => api.get<BlockedMember[]>(apiPath('blockedMembers'), signal);
export const blockedMembersQueryOptions = () => queryOptions({ queryKey: blockKeys.list, queryFn: ({ signal }) => getBlockedMembers(signal) });
export const useBlockedMembers = () => useQuery(blockedMembersQueryOptions());
