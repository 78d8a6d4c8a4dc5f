import { Lock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/plural';
import { TIER_RADIUS_CAP, effectiveRadius, planFor, planOf } from '../../../lib/plans/plans';
import { useServerRadiusCap } from '../../../lib/plans/radius-cap-store';
import { useSession } from '../../../lib/session/session-provider';
import { SEARCH_RADII } from '../../../lib/items/item-rules';

const PlansDialog = lazy(() => import('../../../components/plans-dialog').then((m) => ({ default: m.PlansDialog })));

/** The radius a search with `radius` really covers for this member (what the server clamps it to). */
export function useSearchedRadius(radius: number): number {
  const { user } = useSession();
  return effectiveRadius(radius, user?.subscriptionTier, useServerRadiusCap());
}

interface RadiusPickerProps {
  value: number;
  onChange: (radius: number) => void;
  label?: string;
}

/**
 * The radius options of spec §9 as a grid of toggle buttons. Options beyond the member's plan (docs/product-rules.md: free 5,
 * basic 10, premium 25, pro 100 miles) are locked: they open the plans instead of being chosen. A stored choice
 * above the cap shows as the cap, which is what the server searches (it clamps and says so in X-Radius-Cap).
 */
export function RadiusPicker({ value, onChange, label = 'Search radius' }: RadiusPickerProps) {
  const { user } = useSession();
  const plan = planOf(user?.subscriptionTier);
  const cap = TIER_RADIUS_CAP[plan.tier];
  const effective = useSearchedRadius(value);
  // The locked radius that opened the plans (0: opened from "See plans"); null while they are closed.
  const [plansFor, setPlansFor] = useState<number | null>(null);
  const locked = SEARCH_RADII.some((r) => r > cap);

  return (
    <div className="space-y-2">
      <div role="group" aria-label={label} className="grid grid-cols-4 gap-2">
        {SEARCH_RADII.map((radius) =>
          radius > cap ? (
            <button
              key={radius}
              type="button"
              // The name starts with what is shown ("10 mi"): saying what one sees works with voice control.
              aria-label={`${radius} mi, locked: needs the ${planFor(radius).name} plan`}
              onClick={() => setPlansFor(radius)}
              className="inline-flex min-h-11 items-center justify-center gap-1 rounded-xl border border-dashed border-slate-400 bg-slate-100 text-sm font-semibold text-slate-600 hover:bg-slate-200"
            >
              <Lock className="size-3.5" aria-hidden />
              {radius} mi
            </button>
          ) : (
            <button
              key={radius}
              type="button"
              aria-pressed={effective === radius}
              onClick={() => onChange(radius)}
              className={cn(
                'min-h-11 rounded-xl border text-sm font-semibold',
                effective === radius ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              {radius} mi
            </button>
          ),
        )}
      </div>
      {locked && (
        <p className="text-xs text-slate-600">
          {value > effective ? `Searching ${plural(effective, 'mile')}: ` : ''}
          The {plan.name} plan searches up to {plural(cap, 'mile')}.{' '}
          <button type="button" onClick={() => setPlansFor(0)} className="font-semibold text-emerald-800 underline">
            See plans
          </button>
        </p>
      )}
      {plansFor !== null && (
        <Suspense fallback={null}>
          <PlansDialog
            open
            onClose={() => {
              // Once a new plan reaches the radius that was asked for, it is chosen.
              if (plansFor > 0 && plansFor <= cap) onChange(plansFor);
              setPlansFor(null);
            }}
            reason={plansFor > 0 ? `Searching ${plural(plansFor, 'mile')} needs the ${planFor(plansFor).name} plan or higher.` : undefined}
            suggested={plansFor > 0 ? planFor(plansFor).tier : undefined}
          />
        </Suspense>
      )}
    </div>
  );
}
