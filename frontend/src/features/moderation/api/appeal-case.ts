import { apiPath } from '@curbside/contracts/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const appealCase = ({ caseId, reason }: { caseId: string; reason: string }) =>
  api.post<{ success: boolean; message: string }>(apiPath('moderationAppeal', { id: caseId }), { reason });

export const useAppealCase = () => useMutation({ mutationFn: appealCase });
