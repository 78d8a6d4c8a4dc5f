import type { OtherSessionsEnded } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Ends the member's sessions on every other device; this one stays signed in (docs/security.md, "Who is asking"). */
export function useSignOutOtherDevices() {
  return useMutation({ mutationFn: () => api.post<OtherSessionsEnded>(apiPath('logoutOthers')) });
}
