import { Check, Crown, Loader2, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { toast } from './ui/toast-store';
import { errorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session/session-provider';
import { useSetSubscription } from '../lib/plans/set-subscription';
import { PLANS, planOf, type Plan, type Tier } from '../lib/plans/plans';

interface PlansDialogProps {
  open: boolean;
  onClose: () => void;
  /** Why the plans are shown (e.g. a locked search radius), said above them. */
  reason?: string;
  /** The plan that would unlock what was asked for, outlined. */
  suggested?: Tier;
}

/**
 * The Plans dialogs (accounts spec §2): the four plans with prices and features; choosing one only records it
 * (docs/product-rules.md: no payment step), then says what the new plan unlocked.
 */
export function PlansDialog({ open, onClose, reason, suggested }: PlansDialogProps) {
  const { user } = useSession();
  const choose = useSetSubscription();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const current = planOf(user?.subscriptionTier);

  const close = () => {
    setChosen(null);
    choose.reset();
    onClose();
  };

  const pick = (plan: Plan) => {
    choose.mutate(plan.tier, {
      onSuccess: () => setChosen(plan),
      onError: (error) => toast({ title: 'Plan not changed', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  if (chosen) {
    return (
      <Dialog open={open} onClose={close} title={`You're on ${chosen.name}`} description="Your plan is recorded and already in effect.">
        <div className="space-y-3">
          <PartyPopper className="mx-auto size-10 text-amber-600" aria-hidden />
          <ul className="space-y-1.5 text-sm">
            {chosen.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden /> {feature}
              </li>
            ))}
          </ul>
          <Button onClick={close} className="w-full">
            Done
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={close} title="Choose Your Plan" description="Prices are per month. Change plans any time." dismissible={!choose.isPending}>
      {reason && <p className="mb-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950">{reason}</p>}
      <ul className="space-y-3" aria-label="Plans">
        {PLANS.map((plan) => {
          const isCurrent = plan.tier === current.tier;
          const pending = choose.isPending && choose.variables === plan.tier;
          return (
            <li
              key={plan.tier}
              className={cn(
                'rounded-2xl border p-3',
                plan.tier === suggested ? 'border-amber-500 ring-2 ring-amber-400' : plan.mostPopular ? 'border-emerald-700' : 'border-slate-200',
              )}
            >
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h3 className="flex items-center gap-1.5 text-base font-bold">
                    {plan.tier !== 'free' && <Crown className="size-4 text-amber-600" aria-hidden />}
                    {plan.name}
                  </h3>
                  <p className="text-sm text-slate-700">
                    <span className="text-xl font-extrabold text-slate-900">{plan.price}</span> / month
                  </p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  {plan.mostPopular && <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">Most Popular</span>}
                </div>
              </div>
              <ul className="mt-2 space-y-1 text-sm text-slate-800">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden /> {feature}
                  </li>
                ))}
              </ul>
              <Button
                variant={isCurrent ? 'secondary' : plan.mostPopular || plan.tier === suggested ? 'primary' : 'secondary'}
                className="mt-3 w-full disabled:text-slate-600"
                disabled={isCurrent || choose.isPending || !user}
                onClick={() => pick(plan)}
              >
                {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
                {isCurrent ? 'Current Plan' : pending ? 'Saving...' : `Choose ${plan.name}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
