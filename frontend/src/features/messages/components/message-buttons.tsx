import { Mail } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { effectiveStatus, type FeedItem } from '../../../lib/items/item-rules';
import { onLiveNotification } from '../../../lib/notifications/live-status';
import { parseNotificationData } from '../../../lib/notifications/notification-data';
import { useSession } from '../../../lib/session/session-provider';
import { useThreads } from '../api/get-threads';
import { messageKeys } from '../api/keys';

// Sheets open on demand: their code loads only when someone acts on a card.
const MessagesSheet = lazy(() => import('./messages-sheet'));
const ThreadsSheet = lazy(() => import('./threads-sheet'));

/**
 * An item card's messages (docs/product-rules.md, "Handover messages"): the poster and the member holding the item
 * write to each other; on a garage sale any interested member writes to its poster, who reads one thread per member
 * who wrote ("Messages (N)"). A handover_message notification for the item reads its messages again, live: the count
 * on the button and the open sheet's thread or list.
 */
export function MessageButtons({ item }: { item: FeedItem }) {
  const { user } = useSession();
  const [sheet, setSheet] = useState<'messages' | 'threads' | null>(null);
  const status = effectiveStatus(item);
  const isPoster = !!user && user.id === item.posterId;
  const holdsIt = status === 'first_dibs' && !!user && (isPoster || item.reservedById === user.id);
  const saleOpen = item.isGarageSale && (status === 'available' || status === 'first_dibs');
  const canMessage = holdsIt || (saleOpen && !!user && !isPoster && item.isInterested);
  const saleThreads = useThreads(item.id, item.isGarageSale && isPoster && status !== 'removed');
  const close = () => setSheet(null);
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onLiveNotification((notification) => {
        if (notification.type !== 'handover_message' || parseNotificationData(notification.data).itemId !== item.id) return;
        void queryClient.invalidateQueries({ queryKey: messageKeys.item(item.id) });
      }),
    [item.id, queryClient],
  );

  return (
    <>
      {saleThreads.data && (
        <Button variant="secondary" size="compact" onClick={() => setSheet('threads')}>
          <Mail className="size-4" aria-hidden /> Messages ({saleThreads.data.length})
        </Button>
      )}
      {canMessage && (
        <Button variant="secondary" size="compact" onClick={() => setSheet('messages')}>
          <Mail className="size-4" aria-hidden /> {isPoster ? 'Message holder' : 'Message poster'}
        </Button>
      )}
      <Suspense fallback={null}>
        {sheet === 'messages' && <MessagesSheet itemId={item.id} itemTitle={item.title} onClose={close} />}
        {sheet === 'threads' && <ThreadsSheet itemId={item.id} itemTitle={item.title} onClose={close} />}
      </Suspense>
    </>
  );
}
