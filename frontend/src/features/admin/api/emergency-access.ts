import type { EmergencyAccessRequest, EmergencyAccessResponse } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emergencyLogsQueryOptions } from './emergency-logs';

export const requestEmergencyAccess = (body: EmergencyAccessRequest) => api.post<EmergencyAccessResponse>(apiPath('emergencyAccess'), body);

/** Every attempt, granted or refused, is a new line of the access log: it is read again after each. */
export function useEmergencyAccess(adminUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmergencyAccess,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emergencyLogsQueryOptions(adminUserId, true).queryKey }),
  });
}
