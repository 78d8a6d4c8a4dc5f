import type { FeedItem } from '../../../lib/items/item-rules';

/** `lastConfirmedAt` and `createdAt` of an item nobody has confirmed are both its posting's time (written together). */
const POSTING_TOLERANCE_MS = 5_000;

/**
 * What a card says of how fresh an item is (docs/product-rules.md, "Freshness"): "May be gone" for a curb item
 * nobody confirmed for 12 hours (the server decides, `mayBeGone`), else "Confirmed N min ago". Garage sales follow
 * their schedule, and taken or ended items are past the question: nothing. Nor while the only "confirmation" is the
 * posting itself: the card already says when it was posted, and its still-there badge says "Needs Verification"
 * (spec §8); "Confirmed just now" beside it would contradict it.
 */
export function freshnessLabel(
  item: Pick<FeedItem, 'isGarageSale' | 'status' | 'lastConfirmedAt' | 'createdAt' | 'mayBeGone'>,
  now: number = Date.now(),
): string | null {
  if (item.isGarageSale || (item.status !== 'available' && item.status !== 'first_dibs')) return null;
  if (item.mayBeGone) return 'May be gone';
  const confirmedAt = new Date(item.lastConfirmedAt).getTime();
  if (Math.abs(confirmedAt - new Date(item.createdAt).getTime()) <= POSTING_TOLERANCE_MS) return null;
  const minutes = Math.max(0, Math.floor((now - confirmedAt) / 60_000));
  if (minutes < 1) return 'Confirmed just now';
  if (minutes < 60) return `Confirmed ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `Confirmed ${hours} h ago`;
}
