import type { Item } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offerInstall } from '../../../lib/install-prompt';
import { sendOnce } from '../../../lib/send-once';
import { invalidateItemLists } from '../../../lib/items/item-keys';

export const claimItem = (itemId: string, userId: string, verificationPhoto?: string) =>
  sendOnce<{ success: boolean; message: string; item: Item }>(
    'PATCH',
    apiPath('claim', { id: itemId }),
    verificationPhoto ? { userId, verificationPhoto } : { userId },
  );

export function useClaimItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, userId, photo }: { itemId: string; userId: string; photo?: string }) => claimItem(itemId, userId, photo),
    onSuccess: () => offerInstall(), // a first claim is when installing makes sense (lib/install-prompt.ts)
    // A refusal too: it usually means the item changed under the card (someone else holds it now), and the card and
    // the sheet must show it as it is before the caller's own handlers run.
    onSettled: () => invalidateItemLists(queryClient),
  });
}
