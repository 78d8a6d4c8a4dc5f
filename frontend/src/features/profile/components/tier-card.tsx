import { Crown, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { plural } from '../../../lib/plural';
import { TIER_RADIUS_CAP, planOf } from '../../../lib/plans/plans';

/** The member's plan, what it gives, and the Upgrade button that opens the plans. */
export function TierCard({ tier, onUpgrade }: { tier: string; onUpgrade: () => void }) {
  const plan = planOf(tier);
  const paid = plan.tier !== 'free';
  return (
    <section
      aria-labelledby="tier-card-title"
      className={paid ? 'rounded-2xl bg-gradient-to-br from-amber-50 to-white p-4 shadow-sm ring-1 ring-amber-300' : 'rounded-2xl bg-white p-4 shadow-sm'}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="tier-card-title" className="flex items-center gap-1.5 text-base font-bold">
            {paid ? <Crown className="size-5 text-amber-600" aria-hidden /> : <Sparkles className="size-5 text-emerald-700" aria-hidden />}
            {plan.name} Plan
          </h2>
          <p className="text-sm text-slate-700">
            {plan.price} / month · searches up to {plural(TIER_RADIUS_CAP[plan.tier], 'mile')}
          </p>
        </div>
        <Button variant={plan.tier === 'pro' ? 'secondary' : 'gold'} onClick={onUpgrade} className="shrink-0">
          {plan.tier === 'pro' ? 'Change Plan' : 'Upgrade'}
        </Button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`${plan.name} plan features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
