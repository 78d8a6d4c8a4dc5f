import type { FeedItem } from '../../../lib/items/item-rules';

/**
 * What a card says of how fresh an item is (docs/product-rules.md, "Freshness"): "May be gone" for a curb item
 * nobody confirmed for 12 hours (the server decides, `mayBeGone`), else "Confirmed N min ago". Garage sales follow
 * their schedule, and taken or ended items are past the question: nothing.
 */
export function freshnessLabel(item: Pick<FeedItem, 'isGarageSale' | 'status' | 'lastConfirmedAt' | 'mayBeGone'>, now: number = Date.now()): string | null {
  if (item.isGarageSale || (item.status !== 'available' && item.status !== 'first_dibs')) return null;
  if (item.mayBeGone) return 'May be gone';
  const minutes = Math.max(0, Math.floor((now - new Date(item.lastConfirmedAt).getTime()) / 60_000));
  if (minutes < 1) return 'Confirmed just now';
  if (minutes < 60) return `Confirmed ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `Confirmed ${hours} h ago`;
}
