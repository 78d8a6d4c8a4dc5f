import type { SuccessResponse, VerificationStatus } from '@curbside/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '@curbside/contracts/client';
import { api } from '../../api-client';
import { userKeys } from './keys';

/** The signed-in user's verification status: none, pending (details sent, code not yet entered) or verified. */
export const verificationStatusQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: userKeys.verificationStatus(userId),
    queryFn: ({ signal }) => api.get<VerificationStatus>(apiPath('verificationStatus', { userId: userId as string }), signal),
    enabled: userId !== null,
    staleTime: 0,
  });

/** Sends the full name and phone; the server texts a 6-digit code to the phone. */
export const startVerification = (userId: string, name: string, phone: string) =>
  api.post<SuccessResponse>(apiPath('verifyUser', { id: userId }), { name: name.trim(), email: '', phone, verificationMethod: 'phone' });

/** Finishes verification with the texted code; a right code makes the account verified. */
export const confirmVerification = (phone: string, code: string) => api.post<SuccessResponse>(apiPath('phoneVerifyCode'), { phone, code });

/** Texts a new code for the same name and phone (a resend while on the code step). */
export const resendVerificationCode = (phone: string, name: string) => api.post<SuccessResponse>(apiPath('phoneSendCode'), { phone, name: name.trim() });
