import { PackageOpen, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { MAX_RADIUS } from '../../items/lib/item-rules';
import { plural } from '../../../lib/plural';

export type EmptyKind = 'first-time' | 'no-results' | 'none-in-area';

export function emptyKind(radius: number, firstTime: boolean): EmptyKind {
  if (firstTime) return 'first-time';
  return radius >= MAX_RADIUS ? 'none-in-area' : 'no-results';
}

/** The three empty states; expanding doubles the radius up to 100 miles. */
export function FeedEmptyState({ kind, radius, onExpand, onPost }: { kind: EmptyKind; radius: number; onExpand: () => void; onPost: () => void }) {
  const next = Math.min(MAX_RADIUS, radius * 2);
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
      {kind === 'first-time' ? <Sparkles className="size-10 text-amber-500" aria-hidden /> : <PackageOpen className="size-10 text-slate-500" aria-hidden />}
      {kind === 'first-time' && (
        <>
          <h2 className="text-lg font-semibold">Welcome to Curbside!</h2>
          <p className="text-sm text-slate-600">Nothing posted near you yet. Spot something on the curb? Post it and earn 10 points.</p>
        </>
      )}
      {kind === 'no-results' && (
        <>
          <h2 className="text-lg font-semibold">No items within {plural(radius, 'mile')}</h2>
          <p className="text-sm text-slate-600">Try a wider search, or post the first find in your area.</p>
        </>
      )}
      {kind === 'none-in-area' && (
        <>
          <h2 className="text-lg font-semibold">No items in your area yet</h2>
          <p className="text-sm text-slate-600">Be the first to share a curbside find with your neighbours.</p>
        </>
      )}
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        {radius < MAX_RADIUS && (
          <Button variant="secondary" onClick={onExpand}>
            Expand search to {plural(next, 'mile')}
          </Button>
        )}
        <Button onClick={onPost}>Post an Item</Button>
      </div>
    </div>
  );
}
