import type { RedemptionDecision } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fulfilmentKeys } from './get-open-redemptions';

export type RedemptionAction = { redemptionId: string; action: 'fulfil' } | { redemptionId: string; action: 'cancel'; reason: string };

export const decideRedemption = (decision: RedemptionAction) =>
  decision.action === 'fulfil'
    ? api.post<RedemptionDecision>(apiPath('fulfilRedemption', { redemptionId: decision.redemptionId }), {})
    : api.post<RedemptionDecision>(apiPath('cancelRedemption', { redemptionId: decision.redemptionId }), { reason: decision.reason });

/** A decision (or a refusal because another administrator was first) takes the redemption off the list: read it again. */
export function useDecideRedemption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideRedemption, onSettled: () => queryClient.invalidateQueries({ queryKey: fulfilmentKeys.open }) });
}
