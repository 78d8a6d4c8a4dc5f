import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { formatAge } from '../../../lib/time';
import { markStillThere } from '../../../lib/items/mark-still-there';
import type { FeedItem } from '../../../lib/items/item-rules';

/** Similar Items Found: confirm an existing post is still there instead of posting a duplicate, or post anyway. */
export function SimilarItemsDialog({
  items,
  userId,
  onPostAnyway,
  onDone,
}: {
  items: FeedItem[];
  userId: string;
  onPostAnyway: () => void;
  onDone: () => void;
}) {
  const [confirmed, setConfirmed] = useState<Set<string>>(new Set());

  const stillThere = async (item: FeedItem) => {
    try {
      await markStillThere(item.id, userId);
      setConfirmed((prev) => new Set(prev).add(item.id));
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={onDone} title="Similar Items Found" description="Someone may already have posted this. Is it one of these?">
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-2 rounded-lg border border-slate-200 p-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{item.title}</p>
              <p className="text-xs text-slate-600">
                {item.category} · {formatAge(item.createdAt)}
              </p>
            </div>
            <Button variant="secondary" disabled={confirmed.has(item.id)} onClick={() => void stillThere(item)}>
              {confirmed.has(item.id) ? 'Confirmed' : 'Still There?'}
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onDone}>
          Update Complete
        </Button>
        <Button onClick={onPostAnyway}>Post Anyway</Button>
      </div>
    </Dialog>
  );
}
