import type { UsePerkAnswer } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOnce } from '../../../lib/send-once';
import { invalidateItemLists } from '../../../lib/items/item-keys';
import { useSession } from '../../../lib/session/session-provider';
import { userPerksQueryOptions } from './get-user-perks';

/** One use, one Idempotency-Key: a retry after a lost answer gets the first answer back, not "used already". */
export const spendPerk = (userId: string, redemptionId: string, itemId?: string) =>
  sendOnce<UsePerkAnswer>('POST', apiPath('usePerk', { userId, redemptionId }), itemId ? { itemId } : {});

/**
 * Uses a perk once. Afterwards the perks are read again, the feeds too (a spotlight changes their order) and the
 * member's record (a frame shows on their picture once the users service has it).
 */
export function useUsePerk(userId: string) {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: ({ redemptionId, itemId }: { redemptionId: string; itemId?: string }) => spendPerk(userId, redemptionId, itemId),
    onSettled: () => {
      // The users service frames the picture a moment after (an event): the record is read now and once more
      // (not waited for: the toast and the list must not wait on it).
      setTimeout(() => void refreshUser().catch(() => undefined), 1500);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userPerksQueryOptions(userId).queryKey }),
        invalidateItemLists(queryClient),
        refreshUser().catch(() => undefined),
      ]);
    },
  });
}
