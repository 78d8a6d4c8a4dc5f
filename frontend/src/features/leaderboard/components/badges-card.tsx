import { BADGES, type BadgeName } from '@curbside/contracts/client';
import { Award, ChevronRight, Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { BADGE_DETAILS } from '../lib/leaderboard-rules';

/** "Badges (n/7)": the seven badges, each opening a dialog with how to earn it; held ones are marked. */
export function BadgesCard({ held }: { held: readonly string[] }) {
  const [open, setOpen] = useState<BadgeName | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const badge = BADGES.find((b) => b.name === open);
  const earnedCount = BADGES.filter((b) => held.includes(b.name)).length;

  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  return (
    <section aria-labelledby="badges-title" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="badges-title" className="flex items-center gap-2 text-lg font-bold">
        <Award className="size-5 text-amber-700" aria-hidden />
        Badges ({earnedCount}/{BADGES.length})
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {BADGES.map((b) => {
          const earned = held.includes(b.name);
          return (
            <li key={b.name}>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setOpen(b.name);
                }}
                className="flex min-h-11 w-full items-center gap-3 rounded-lg px-1 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
              >
                <span
                  className={cn('grid size-9 shrink-0 place-items-center rounded-full', earned ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-500')}
                >
                  {earned ? <Award className="size-5" aria-hidden /> : <Lock className="size-4" aria-hidden />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">{b.name}</span>
                  <span className="block text-xs text-slate-600">
                    {earned ? 'Earned' : 'Not earned yet'} · +{b.bonusPoints} points
                  </span>
                </span>
                <ChevronRight className="size-4 text-slate-500" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
      {badge && (
        <Dialog open onClose={close} title={badge.name}>
          <div className="space-y-3 pb-2 text-sm">
            <p className="text-slate-700">{BADGE_DETAILS[badge.name].description}</p>
            <div>
              <p className="font-semibold text-slate-900">How to earn:</p>
              <p className="text-slate-700">{badge.rule}</p>
            </div>
            <dl className="grid grid-cols-2 gap-2">
              <div className="rounded-xl bg-slate-50 p-2">
                <dt className="text-xs text-slate-600">Category</dt>
                <dd className="font-semibold">{BADGE_DETAILS[badge.name].category}</dd>
              </div>
              <div className="rounded-xl bg-slate-50 p-2">
                <dt className="text-xs text-slate-600">Points</dt>
                <dd className="font-semibold">+{badge.bonusPoints} points</dd>
              </div>
            </dl>
            {held.includes(badge.name) && <p className="rounded-xl bg-emerald-50 p-2 text-center font-semibold text-emerald-800">✓ Earned</p>}
          </div>
        </Dialog>
      )}
    </section>
  );
}
