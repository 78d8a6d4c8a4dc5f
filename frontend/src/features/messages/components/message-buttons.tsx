import { Mail } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { effectiveStatus, type FeedItem } from '../../../lib/items/item-rules';
import { useSession } from '../../../lib/session/session-provider';
import { useThreads } from '../api/get-threads';

// Sheets open on demand: their code loads only when someone acts on a card.
const MessagesSheet = lazy(() => import('./messages-sheet'));
const ThreadsSheet = lazy(() => import('./threads-sheet'));

/**
 * An item card's messages (docs/product-rules.md, "Handover messages"): the poster and the member holding the item
 * write to each other; on a garage sale any interested member writes to its poster, who reads one thread per member
 * who wrote ("Messages (N)").
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
