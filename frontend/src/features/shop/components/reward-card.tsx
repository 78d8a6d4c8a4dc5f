import type { Reward } from '@curbside/contracts';
import { Clock, Frame, Gift, HeartHandshake, Loader2, ShoppingBag, Sparkles, Sticker, TreePine, Utensils, Wrench, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { counterText, reasonText, type Redeemability } from '../lib/redeem-rules';
import type { UserReward } from '@curbside/contracts';

const ICONS: Record<string, LucideIcon> = {
  sparkles: Sparkles,
  clock: Clock,
  frame: Frame,
  sticker: Sticker,
  gift: Gift,
  bag: ShoppingBag,
  tree: TreePine,
  meal: Utensils,
  wrench: Wrench,
};

interface RewardCardProps {
  reward: Reward;
  /** Undefined while the member's redemptions load: counter and reason wait for them. */
  redemptions: readonly UserReward[] | undefined;
  state: Redeemability;
  pending: boolean;
  /** Another redemption is on its way: one at a time. */
  busy: boolean;
  onRedeem: (reward: Reward) => void;
  /** What delivering it needs, in the member's words (goods only). */
  deliveryNote?: string;
}

export function RewardCard({ reward, redemptions, state, pending, busy, onRedeem, deliveryNote }: RewardCardProps) {
  const Icon = ICONS[reward.icon] ?? HeartHandshake;
  const known = redemptions !== undefined;
  const reason = known ? reasonText(state) : null;
  const reasonId = `reward-reason-${reward.id}`;
  return (
    <li data-testid="reward-card" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-emerald-50 text-emerald-800">
          <Icon className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="font-semibold text-slate-900">{reward.name}</h3>
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">{reward.pointsCost} pts</span>
          </div>
          <p className="mt-1 text-sm text-slate-700">{reward.description}</p>
          {deliveryNote && (
            <p className="mt-1 text-xs text-slate-600" data-testid="delivery-note">
              {deliveryNote}
            </p>
          )}
          {reward.donated && (
            <p className="mt-1 text-sm font-semibold text-emerald-800" data-testid="donation-total">
              {reward.donated.text}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className={cn('text-xs font-medium text-slate-600', !known && 'invisible')}>{counterText(reward, redemptions ?? [])}</span>
        {reason && (
          <span id={reasonId} className="text-xs font-medium text-slate-700">
            {reason}
          </span>
        )}
        <Button
          className="ml-auto min-w-32"
          onClick={() => onRedeem(reward)}
          disabled={!state.redeemable || busy}
          aria-describedby={reason ? reasonId : undefined}
          aria-label={`Redeem ${reward.name}`}
        >
          {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {pending ? 'Redeeming...' : 'Redeem'}
        </Button>
      </div>
    </li>
  );
}
