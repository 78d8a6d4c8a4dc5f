import type { BlockedMember } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { blockKeys } from './keys';

export type { BlockedMember };

export const getBlockedMembers = (signal?: AbortSignal) => api.get<BlockedMember[]>(apiPath('blockedMembers'), signal);
export const blockedMembersQueryOptions = () => queryOptions({ queryKey: blockKeys.list, queryFn: ({ signal }) => getBlockedMembers(signal) });
export const useBlockedMembers = () => useQuery(blockedMembersQueryOptions());
