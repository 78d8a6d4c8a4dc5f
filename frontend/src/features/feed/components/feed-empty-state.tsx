import { PackageOpen, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { MAX_RADIUS, SEARCH_RADII } from '../../items/lib/item-rules';
import { plural } from '../../../lib/plural';

export type EmptyKind = 'first-time' | 'no-results' | 'none-in-area';

/** maxRadius: the widest search the member's plan allows (100 miles on Pro). */
export function emptyKind(radius: number, firstTime: boolean, maxRadius: number = MAX_RADIUS): EmptyKind {
  if (firstTime) return 'first-time';
  return radius >= maxRadius ? 'none-in-area' : 'no-results';
}

/**
 * Expand search doubles the radius up to 100 miles, landing on a radius the picker offers: the smallest offered
 * radius at least double (5 → 10, 10 → 25, 25 → 50, 50 → 100).
 */
export function expandedRadius(radius: number, maxRadius: number = MAX_RADIUS): number {
  return Math.min(SEARCH_RADII.find((r) => r >= radius * 2) ?? MAX_RADIUS, maxRadius);
}

/** The three empty states, with the expand-search action while a wider radius is left. */
export function FeedEmptyState({
  kind,
  radius,
  maxRadius = MAX_RADIUS,
  onExpand,
  onPost,
}: {
  kind: EmptyKind;
  radius: number;
  maxRadius?: number;
  onExpand: (next: number) => void;
  onPost: () => void;
}) {
  const next = expandedRadius(radius, maxRadius);
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
        {next > radius && (
          <Button variant="secondary" onClick={() => onExpand(next)}>
            Expand search to {plural(next, 'mile')}
          </Button>
        )}
        <Button onClick={onPost}>Post an Item</Button>
      </div>
    </div>
  );
}
