import type { SuccessResponse, VerificationStatus } from '@curbside/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The signed-in user's verification status: none, pending (details sent, code not yet entered) or verified. */
export const verificationStatusQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['/api/verification/status', userId],
    queryFn: ({ signal }) => api.get<VerificationStatus>(`/api/verification/status/${userId}`, signal),
    enabled: userId !== null,
    staleTime: 0,
  });

/** Sends the full name and phone; the server texts a 6-digit code to the phone. */
export const startVerification = (userId: string, name: string, phone: string) =>
  api.post<SuccessResponse>(`/api/users/${userId}/verify`, { name: name.trim(), email: '', phone, verificationMethod: 'phone' });

/** Finishes verification with the texted code; a right code makes the account verified. */
export const confirmVerification = (phone: string, code: string) => api.post<SuccessResponse>('/api/phone/verify-code', { phone, code });
