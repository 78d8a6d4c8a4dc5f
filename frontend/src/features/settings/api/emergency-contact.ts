import type { EmergencyContactRequest, EmergencyContactResponse } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export const getEmergencyContact = (userId: string, signal?: AbortSignal) =>
  api.get<EmergencyContactResponse>(apiPath('emergencyContact', { id: userId }), signal);

export const setEmergencyContact = (userId: string, body: EmergencyContactRequest) =>
  api.put<EmergencyContactResponse>(apiPath('setEmergencyContact', { id: userId }), body);

/** The member's own emergency contact; nobody else reads it here (docs/security.md). */
export const emergencyContactQueryOptions = (userId: string) =>
  queryOptions({ queryKey: settingsKeys.emergencyContact(userId), queryFn: ({ signal }) => getEmergencyContact(userId, signal) });

export function useEmergencyContact(userId: string) {
  return useQuery(emergencyContactQueryOptions(userId));
}

export function useSetEmergencyContact(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmergencyContactRequest) => setEmergencyContact(userId, body),
    onSuccess: (saved) => queryClient.setQueryData(emergencyContactQueryOptions(userId).queryKey, saved),
  });
}
