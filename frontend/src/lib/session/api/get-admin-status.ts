import type { AdminStatus } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client';
import { userKeys } from './keys';

export const getAdminStatus = (id: string, signal?: AbortSignal) => api.get<AdminStatus>(apiPath('adminStatus', { id }), signal);

/** Asked afresh each time the emergency tool opens: rights can be granted or taken away meanwhile. */
export const adminStatusQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.adminStatus(id),
    queryFn: ({ signal }) => getAdminStatus(id, signal),
    staleTime: 0,
    gcTime: 0,
  });

export function useAdminStatus(id: string, enabled = true) {
  return useQuery({ ...adminStatusQueryOptions(id), enabled });
}
