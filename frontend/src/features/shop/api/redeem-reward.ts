import type { RedeemResponse } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOnce } from '../../../lib/send-once';
import { useSession } from '../../users/session-provider';
import { userRewardsQueryOptions } from './get-user-rewards';

export const redeemReward = (rewardId: string, userId: string) => sendOnce<RedeemResponse>('POST', apiPath('redeemReward', { rewardId }), { userId });

/** Spec §4: after a redemption the user (points) and the user's redemptions are fetched again. */
export function useRedeemReward(userId: string) {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: (rewardId: string) => redeemReward(rewardId, userId),
    onSettled: () => Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: userRewardsQueryOptions(userId).queryKey })]),
  });
}
