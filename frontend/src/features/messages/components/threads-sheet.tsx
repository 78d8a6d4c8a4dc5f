import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { formatAge } from '../../../lib/time';
import { useThreads } from '../api/get-threads';
import MessagesSheet from './messages-sheet';

interface ThreadsSheetProps {
  itemId: string;
  itemTitle: string;
  onClose: () => void;
}

/**
 * The poster's handover threads on their garage sale (docs/product-rules.md, Handover messages): one per member
 * who wrote, newest first; picking one opens it in the thread sheet, and closing that comes back to the list.
 */
export default function ThreadsSheet({ itemId, itemTitle, onClose }: ThreadsSheetProps) {
  const threads = useThreads(itemId);
  const [open, setOpen] = useState<string>();

  if (open) return <MessagesSheet itemId={itemId} itemTitle={itemTitle} withId={open} onClose={() => setOpen(undefined)} />;

  return (
    <Dialog open onClose={onClose} variant="sheet" title={`Messages: ${itemTitle}`} description="Neighbours who wrote to you about this sale.">
      {threads.isPending && <p className="text-sm text-slate-600">Loading conversations...</p>}
      {threads.isError && <p className="text-sm text-red-700">{errorMessage(threads.error)}</p>}
      {threads.data?.length === 0 && <p className="text-sm text-slate-600">No messages yet. Interested neighbours can write to you from the sale.</p>}
      {!!threads.data?.length && (
        <ul className="divide-y divide-slate-200" aria-label="Conversations">
          {threads.data.map((thread) => (
            <li key={thread.memberId}>
              <button
                type="button"
                onClick={() => setOpen(thread.memberId)}
                className="flex min-h-11 w-full items-center justify-between gap-3 py-2 text-left hover:bg-slate-50"
              >
                <span className="font-medium text-slate-900">{thread.name}</span>
                <span className="flex items-center gap-2 text-sm text-slate-600">
                  {thread.awaitingReply && <span className="rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white">Awaiting reply</span>}
                  <span>
                    {thread.count} {thread.count === 1 ? 'message' : 'messages'} · {formatAge(thread.lastMessageAt)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
