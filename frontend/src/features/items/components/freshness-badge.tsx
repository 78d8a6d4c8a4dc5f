import { Clock, HelpCircle } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { freshnessLabel } from '../lib/freshness';
import type { FeedItem } from '../../../lib/items/item-rules';

/** "Confirmed N min ago" or "May be gone" on a curb item's card (docs/product-rules.md, "Freshness"). */
export function FreshnessBadge({ item }: { item: FeedItem }) {
  const label = freshnessLabel(item);
  if (!label) return null;
  const gone = item.mayBeGone;
  const Icon = gone ? HelpCircle : Clock;
  return (
    <span
      data-testid="freshness"
      className={cn(
        'inline-flex items-center gap-1 self-start rounded-full px-2 py-0.5 text-xs font-medium',
        gone ? 'bg-amber-100 text-amber-950' : 'bg-slate-100 text-slate-700',
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
