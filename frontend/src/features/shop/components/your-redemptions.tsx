import type { UserReward } from '@curbside/contracts';
import { REDEMPTION_STATUS_LABELS } from '@curbside/contracts/client';
import { cn } from '../../../lib/cn';

const STATUS_STYLES: Record<UserReward['status'], string> = {
  requested: 'bg-amber-100 text-amber-950',
  fulfilled: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** What happens next, in the member's words: where it goes while it waits, or why it was cancelled. */
function detail(r: UserReward): string | null {
  if (r.status === 'cancelled')
    return `Cancelled${r.closedAt ? ` ${day(r.closedAt)}` : ''}: ${r.cancelReason ?? 'no reason given.'} Your points were given back.`;
  if (r.status === 'fulfilled') return r.category === 'merchandise' && r.closedAt ? `Sent ${day(r.closedAt)}` : null;
  if (r.delivery?.kind === 'postal') return `To be posted to ${[r.delivery.address.line1, r.delivery.address.city, r.delivery.address.country].join(', ')}`;
  if (r.delivery?.kind === 'email') return `To be e-mailed to ${r.delivery.email}`;
  return 'Waiting to be sent';
}

/**
 * The member's redemptions with their status (docs/product-rules.md, "Fulfilment"): goods are Requested until sent
 * (Fulfilled) or Cancelled with the points given back; perks and donations are Fulfilled when redeemed.
 */
export function YourRedemptions({ redemptions }: { redemptions: readonly UserReward[] }) {
  if (redemptions.length === 0) return null;
  return (
    <section aria-labelledby="your-redemptions" className="rounded-2xl bg-white p-4 shadow-sm" data-testid="your-redemptions">
      <h2 id="your-redemptions" className="text-lg font-bold">
        Your redemptions
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {redemptions.map((r) => (
          <li key={r.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2" data-testid="redemption">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-slate-900">{r.rewardName}</p>
              <p className="text-xs text-slate-600">
                Redeemed {day(r.redeemedAt)} · {r.pointsCost} points
              </p>
              {detail(r) && <p className="mt-0.5 text-xs break-words text-slate-700">{detail(r)}</p>}
            </div>
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_STYLES[r.status])}>{REDEMPTION_STATUS_LABELS[r.status]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
