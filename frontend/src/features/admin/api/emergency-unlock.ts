import type { EmergencyUnlockRequest, EmergencyUnlockResponse } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emergencyLogsQueryOptions } from './emergency-logs';

export const unlockEmergencyAccess = (body: EmergencyUnlockRequest) => api.post<EmergencyUnlockResponse>(apiPath('emergencyUnlock'), body);

/** The server checks the password and opens a 10-minute elevation of this session; each attempt is a line of the log. */
export function useEmergencyUnlock(adminUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockEmergencyAccess,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emergencyLogsQueryOptions(adminUserId, true).queryKey }),
  });
}
