import type { PostalAddress, RedeemResponse } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOnce } from '../../../lib/send-once';
import { useSession } from '../../../lib/session/session-provider';
import { rewardsQueryOptions } from './get-rewards';
import { userRewardsQueryOptions } from './get-user-rewards';

/** Goods sent by post carry the address to send them to (docs/product-rules.md, "Fulfilment"). */
export const redeemReward = (rewardId: string, userId: string, address?: PostalAddress) =>
  sendOnce<RedeemResponse>('POST', apiPath('redeemReward', { rewardId }), address ? { userId, address } : { userId });

/**
 * Spec §4: after a redemption the user (points) and the user's redemptions are fetched again; the catalogue too,
 * as a donation's total grew.
 */
export function useRedeemReward(userId: string) {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: ({ rewardId, address }: { rewardId: string; address?: PostalAddress }) => redeemReward(rewardId, userId, address),
    onSettled: () =>
      Promise.all([
        refreshUser(),
        queryClient.invalidateQueries({ queryKey: userRewardsQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: rewardsQueryOptions().queryKey }),
      ]),
  });
}
