import type { CaseDecisionRequest, ModerationCase } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './keys';

export const decideCase = ({ caseId, ...body }: CaseDecisionRequest & { caseId: string }) =>
  api.post<ModerationCase>(apiPath('moderationDecision', { id: caseId }), body);

/** A decision moves the case between the queue's tabs: every tab is read again. */
export function useDecideCase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideCase, onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }) });
}
