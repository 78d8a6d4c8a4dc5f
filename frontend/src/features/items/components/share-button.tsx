import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import type { FeedItem } from '../../../lib/items/item-rules';

/** The address of an item's own page, which the gateway serves with the item's preview tags. */
export function itemPageUrl(itemId: string): string {
  return `${window.location.origin}/items/${encodeURIComponent(itemId)}`;
}

/**
 * The system share sheet where the browser has one (phones); elsewhere the link is copied and a toast says so.
 * Closing the share sheet is not a failure and says nothing.
 */
export async function shareItem(item: Pick<FeedItem, 'id' | 'title'>): Promise<void> {
  const url = itemPageUrl(item.id);
  const data = { title: item.title, text: `${item.title} on Curbside`, url };
  if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Any other refusal (no user gesture left, a policy): copy the link instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Paste it anywhere to share this item.', variant: 'success' });
  } catch {
    toast({ title: 'Copy this link to share', description: url });
  }
}

export function ShareButton({ item }: { item: Pick<FeedItem, 'id' | 'title'> }) {
  return (
    <Button variant="secondary" size="compact" onClick={() => void shareItem(item)} aria-label={`Share ${item.title}`}>
      <Share2 className="size-4" aria-hidden /> Share
    </Button>
  );
}
