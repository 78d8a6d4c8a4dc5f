import type { LeaderboardEntry } from '@curbside/contracts';
import { Award, Crown, Medal } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { pointsEarned } from '../../../lib/pending-points';
import { rankChipClass, visibleBadges } from '../lib/leaderboard-rules';

const PODIUM = [
  { Icon: Crown, icon: 'text-amber-600', border: 'border-amber-400 bg-amber-50' },
  { Icon: Medal, icon: 'text-slate-500', border: 'border-slate-400 bg-slate-50' },
  { Icon: Award, icon: 'text-orange-700', border: 'border-orange-400 bg-orange-50' },
];

export function PlaceMark({ place }: { place: number }) {
  const podium = PODIUM[place - 1];
  if (!podium) return <span className="w-9 shrink-0 text-center text-sm font-bold text-slate-700">#{place}</span>;
  return (
    <span className="flex w-9 shrink-0 flex-col items-center">
      <podium.Icon className={cn('size-5', podium.icon)} aria-hidden />
      <span className="text-xs font-bold text-slate-700">#{place}</span>
    </span>
  );
}

export function BadgeChips({ badges }: { badges: readonly string[] }) {
  const { shown, more } = visibleBadges(badges);
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Badges" className="mt-1 flex flex-wrap gap-1">
      {shown.map((b) => (
        <li key={b} className="rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-medium text-amber-900 ring-1 ring-amber-200">
          {b}
        </li>
      ))}
      {more > 0 && <li className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-700">+{more} more</li>}
    </ul>
  );
}

export function LeaderboardRow({ entry, place, isYou }: { entry: LeaderboardEntry; place: number; isYou: boolean }) {
  return (
    <li
      data-testid="leaderboard-row"
      className={cn(
        'flex items-center gap-3 rounded-2xl border bg-white p-3',
        PODIUM[place - 1]?.border ?? 'border-slate-200',
        isYou && 'ring-2 ring-emerald-600',
      )}
    >
      <PlaceMark place={place} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-1.5">
          <span className="truncate font-semibold text-slate-900">{entry.username}</span>
          {isYou && <span className="text-xs font-semibold text-emerald-800">(you)</span>}
          {entry.scoutMode && <span className="rounded-full bg-emerald-700 px-1.5 py-0.5 text-[11px] font-bold text-white">Scout</span>}
          <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-semibold', rankChipClass(entry.rank))}>{entry.rank}</span>
        </p>
        <BadgeChips badges={entry.badges} />
      </div>
      <span className="shrink-0 text-right text-sm font-bold text-slate-900">{pointsEarned(entry.points)}</span>
    </li>
  );
}
