import type { AlertEmailRequest } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-provider';

/** PUT /api/users/:id/email → 202: the address is kept unconfirmed and a confirmation link is mailed to it. */
export const setAlertEmail = (userId: string, body: AlertEmailRequest) =>
  api.put<{ address: string; confirmed: boolean }>(apiPath('setAlertEmail', { id: userId }), body);

export function useSetAlertEmail() {
  const { userId, refreshUser } = useSession();
  return useMutation({
    mutationFn: (email: string) => {
      if (!userId) throw new Error('Please refresh the page and try again');
      return setAlertEmail(userId, { email });
    },
    onSuccess: () => refreshUser(),
  });
}
