import type { Position } from '@curbside/contracts';
import { MapPinOff, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CardSkeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useTopFinds } from '../api/get-top-finds';
import { votesCountForTopFinds, type FeedItem } from '../../../lib/items/item-rules';
import { useSession } from '../../../lib/session/session-provider';
import { useLocationOnOpen } from '../../../lib/location/location-provider';
import { plural } from '../../../lib/plural';
import { useErrorToast } from '../../../components/ui/toast-store';

/** Said to a member whose votes Top Finds does not count yet, who may just have voted and sees nothing here. */
const NOT_COUNTED_YET = 'Your votes count toward Top Finds once you verify your phone number, or once your account is a day old.';

const RANK_CIRCLES = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-700 text-white'];

/**
 * Most voted items around the user: ranked circles gold, silver, bronze, then grey. Each item is drawn by
 * `renderCard` (the app's card, with what the other features add to it).
 */
export function TopFindsList({ renderCard }: { renderCard: (item: FeedItem, position: Position, index: number) => ReactNode }) {
  const { searchPosition: position, status, request } = useLocationOnOpen();
  const { user } = useSession();
  const notCounted = !!user && !votesCountForTopFinds(user);
  const topFinds = useTopFinds(position);
  useErrorToast(topFinds.error, 'Failed to fetch top finds');

  if (status === 'error' && !position) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-6 text-center">
        <MapPinOff className="size-10 text-slate-500" aria-hidden />
        <h2 className="text-lg font-semibold">Location Access Required</h2>
        <p className="text-sm text-slate-600">We need your location to show the top finds in your area.</p>
        <p className="text-sm text-slate-600">Please enable location access in your browser settings.</p>
        <Button variant="secondary" onClick={request}>
          Try Again
        </Button>
      </div>
    );
  }

  if (!position || topFinds.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading top finds">
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </div>
    );
  }

  const items = topFinds.data ?? [];
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-6 text-center">
        <Trophy className="size-10 text-amber-500" aria-hidden />
        <h2 className="text-lg font-semibold">No Top Finds Yet</h2>
        <p className="text-sm text-slate-600">{notCounted ? NOT_COUNTED_YET : 'Be the first to vote for great finds in your area!'}</p>
        <p className="text-xs text-slate-600">Items with the most votes today will appear here.</p>
      </div>
    );
  }

  return (
    <>
      {notCounted && <p className="mb-3 rounded-xl bg-sky-50 p-2 text-sm text-sky-950">{NOT_COUNTED_YET}</p>}
      <ol className="space-y-4">
        {items.map((item, index) => (
          <li key={item.id} className="space-y-2">
            <div className="flex items-center gap-2">
              <span
                className={cn('grid size-8 place-items-center rounded-full text-sm font-bold', RANK_CIRCLES[index] ?? 'bg-slate-200 text-slate-800')}
                aria-label={`Rank ${index + 1}`}
              >
                {index + 1}
              </span>
              {index < 3 && (
                <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">{['Top find', 'Runner-up', 'Third place'][index]}</span>
              )}
              <span className="ml-auto rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{plural(item.voteCount, 'vote')}</span>
            </div>
            {renderCard(item, position, index)}
          </li>
        ))}
      </ol>
    </>
  );
}
