import type { UserPerk } from '@curbside/contracts';
import { PERK_WHAT_IT_DOES } from '@curbside/contracts/client';
import { Clock, Frame, Sparkles, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useUserPerks } from '../api/get-user-perks';
import { useUsePerk } from '../api/use-perk';

const SpotlightPickerDialog = lazy(() => import('./spotlight-picker-dialog').then((m) => ({ default: m.SpotlightPickerDialog })));

const ICONS: Record<UserPerk['perk'], LucideIcon> = { spotlight: Sparkles, extra_reservation_time: Clock, profile_frame: Frame };

const until = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** Profile → Your perks: what the member redeemed and has not used yet, each with "Use", and spotlights running. */
export function PerksCard({ userId }: { userId: string }) {
  const perks = useUserPerks(userId);
  const use = useUsePerk(userId);
  const [choosing, setChoosing] = useState<string | null>(null);

  const onUse = (perk: UserPerk, itemId?: string) =>
    use.mutate(
      { redemptionId: perk.redemptionId, itemId },
      {
        onSuccess: (answer) => {
          setChoosing(null);
          toast({ title: `${perk.name} used`, description: answer.message, variant: 'success' });
        },
        onError: (error) => toast({ title: 'Could not use the perk', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  if (!perks.data || perks.data.length === 0) return null;
  return (
    <section aria-labelledby="perks-title" className="rounded-2xl bg-white p-4 shadow-sm" data-testid="perks-card">
      <h2 id="perks-title" className="text-sm font-semibold text-slate-700">
        Your perks
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {perks.data.map((perk) => {
          const Icon = ICONS[perk.perk];
          return (
            <li key={perk.redemptionId} className="flex items-center gap-3 py-2" data-testid="perk">
              <Icon className="size-5 shrink-0 text-amber-600" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">{perk.name}</p>
                <p className="text-xs text-slate-600">
                  {perk.usedAt && perk.activeUntil ? (
                    <>
                      In the spotlight until {until(perk.activeUntil)}
                      {perk.itemId && (
                        <>
                          {' '}
                          ·{' '}
                          <Link to={`/items/${perk.itemId}`} className="underline">
                            see the post
                          </Link>
                        </>
                      )}
                    </>
                  ) : (
                    PERK_WHAT_IT_DOES[perk.perk]
                  )}
                </p>
              </div>
              {!perk.usedAt && (
                <Button
                  size="compact"
                  disabled={use.isPending}
                  aria-label={`Use ${perk.name}`}
                  onClick={() => (perk.perk === 'spotlight' ? setChoosing(perk.redemptionId) : onUse(perk))}
                >
                  Use
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <Suspense fallback={null}>
        {choosing && (
          <SpotlightPickerDialog
            userId={userId}
            pending={use.isPending}
            onClose={() => setChoosing(null)}
            onChoose={(itemId) => {
              const perk = perks.data?.find((p) => p.redemptionId === choosing);
              if (perk) onUse(perk, itemId);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
