import type { SendCodeResponse, VerifyCodeRequest, VerifyCodeResponse } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { api } from '../../../lib/api-client';

/** Texts a 6-digit sign-in code (the answer is the same whether or not the number has an account). */
export const sendLoginCode = (phoneNumber: string) => api.post<SendCodeResponse>(apiPath('sendCode'), { phoneNumber });

/**
 * Signs in with the code; a new number also needs a first name (`needsName` in the answer). On success the
 * server sets the session cookie for the account.
 */
export const verifyLoginCode = (body: VerifyCodeRequest) => api.post<VerifyCodeResponse>(apiPath('verifyCode'), body);
