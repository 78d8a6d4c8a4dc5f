import { Lock, PackageOpen, Sparkles } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MAX_RADIUS, SEARCH_RADII } from '../../../lib/items/item-rules';
import { planFor } from '../../../lib/plans/plans';
import { plural } from '../../../lib/plural';

const PlansDialog = lazy(() => import('../../../components/plans-dialog').then((m) => ({ default: m.PlansDialog })));

export type EmptyKind = 'first-time' | 'no-results' | 'none-in-area';

/**
 * "No items in your area" only at the widest search there is (100 miles); below it, "no results" with a wider search
 * to try, which past the member's plan shows what a plan would give (docs/product-rules.md, "Tier search radius").
 */
export function emptyKind(radius: number, firstTime: boolean): EmptyKind {
  if (firstTime) return 'first-time';
  return radius >= MAX_RADIUS ? 'none-in-area' : 'no-results';
}

/**
 * Expand search doubles the radius up to 100 miles, landing on a radius the picker offers: the smallest offered
 * radius at least double (5 → 10, 10 → 25, 25 → 50, 50 → 100).
 */
export function expandedRadius(radius: number, maxRadius: number = MAX_RADIUS): number {
  return Math.min(SEARCH_RADII.find((r) => r >= radius * 2) ?? MAX_RADIUS, maxRadius);
}

/**
 * The three empty states, with the expand-search action while a wider radius is left. maxRadius: the member's plan
 * cap; a wider search than it names the plan that gives it and opens the plans, and is searched once a plan allows it.
 */
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
  const next = expandedRadius(radius);
  const beyondPlan = next > maxRadius;
  const [plansOpen, setPlansOpen] = useState(false);
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
        {next > radius && !beyondPlan && (
          <Button variant="secondary" onClick={() => onExpand(next)}>
            Expand search to {plural(next, 'mile')}
          </Button>
        )}
        {next > radius && beyondPlan && (
          <Button variant="secondary" onClick={() => setPlansOpen(true)}>
            <Lock className="size-4" aria-hidden />
            Expand search to {plural(next, 'mile')} with {planFor(next).name} ({planFor(next).price}/mo)
          </Button>
        )}
        <Button onClick={onPost}>Post an Item</Button>
      </div>
      {plansOpen && (
        <Suspense fallback={null}>
          <PlansDialog
            open
            onClose={() => {
              setPlansOpen(false);
              // A plan chosen meanwhile that reaches the wider search: it is searched at once.
              if (next <= maxRadius) onExpand(next);
            }}
            reason={`Searching ${plural(next, 'mile')} needs the ${planFor(next).name} plan or higher: ${planFor(next).features.join(', ')}.`}
            suggested={planFor(next).tier}
          />
        </Suspense>
      )}
    </div>
  );
}
