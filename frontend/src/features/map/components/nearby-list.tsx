import type { Position } from '@curbside/contracts';
import { ThumbsUp } from 'lucide-react';
import { memo } from 'react';
import { cn } from '../../../lib/cn';
import { distanceMiles, formatMiles } from '../../../lib/geo';
import { formatAge } from '../../../lib/time';
import { effectiveStatus, itemPosition, STATUS_LABELS, type FeedItem } from '../../../lib/items/item-rules';
import { pinColor } from '../lib/map-filters';

const STATUS_DOT: Record<string, string> = {
  available: 'bg-emerald-600',
  claimed: 'bg-slate-500',
  first_dibs: 'bg-violet-600',
  expired: 'bg-red-700',
  removed: 'bg-slate-400',
};

/**
 * The nearby entries under the map: distance, age, votes and a status dot. Memoised: the map screen redraws for its
 * own reasons (the position, the daylight) more often than its list changes.
 */
export const NearbyList = memo(function NearbyList({
  items,
  position,
  selectedId,
  onSelect,
}: {
  items: FeedItem[];
  position: Position;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  if (items.length === 0) return <p className="rounded-xl bg-white p-4 text-center text-sm text-slate-600">Nothing matches here yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm" aria-label="Nearby">
      {items.map((item) => {
        const status = effectiveStatus(item);
        return (
          <li key={item.id}>
            <button
              type="button"
              aria-current={item.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(item.id)}
              className={cn('flex min-h-14 w-full items-center gap-3 px-3 py-2 text-left hover:bg-slate-50', item.id === selectedId && 'bg-emerald-50')}
            >
              <span className="size-3 shrink-0 rounded-full" style={{ background: pinColor(item) }} aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{item.title}</span>
                <span className="block text-xs text-slate-600">
                  {formatMiles(item.distance ?? distanceMiles(position, itemPosition(item)))} · {formatAge(item.createdAt)}
                </span>
              </span>
              <span className="inline-flex items-center gap-1 text-xs text-slate-700">
                <ThumbsUp className="size-3.5" aria-hidden /> {item.voteCount}
              </span>
              <span className={cn('size-2.5 rounded-full', STATUS_DOT[status])} title={STATUS_LABELS[status]} aria-label={STATUS_LABELS[status]} role="img" />
            </button>
          </li>
        );
      })}
    </ul>
  );
});
