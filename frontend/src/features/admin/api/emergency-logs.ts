import type { EmergencyLogEntry } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getEmergencyLogs = (adminUserId: string, signal?: AbortSignal) =>
  api.get<EmergencyLogEntry[]>(withQuery(apiPath('emergencyLogs'), { adminUserId }), signal);

/** Spec §6: the access log loads only once the admin-status lookup said yes. */
export const emergencyLogsQueryOptions = (adminUserId: string, isAdmin: boolean) =>
  queryOptions({
    queryKey: adminKeys.emergencyLogs(adminUserId),
    queryFn: ({ signal }) => getEmergencyLogs(adminUserId, signal),
    enabled: isAdmin,
    staleTime: 0,
    gcTime: 0,
  });

export function useEmergencyLogs(adminUserId: string, isAdmin: boolean) {
  return useQuery(emergencyLogsQueryOptions(adminUserId, isAdmin));
}
