import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { pendingPointsText, pointsToSpend } from '../../../lib/pending-points';
import { useSession } from '../../../lib/session/session-provider';

export function PointsBanner() {
  const { user } = useSession();
  if (!user) return null;
  // Post points wait for the pickup: shown apart, named as pending, never added to the points to spend.
  const pending = pendingPointsText(user.pendingPoints);
  return (
    <div className="flex items-center gap-3 rounded-xl bg-gradient-to-r from-emerald-700 to-emerald-600 px-3 py-1 text-white">
      <Trophy className="size-5 shrink-0 text-amber-300" aria-hidden />
      <Link to="/activity" className="flex min-h-11 flex-1 flex-col justify-center text-sm">
        <span>
          <span className="font-bold" data-testid="banner-points">
            {pointsToSpend(user.points)}
          </span>{' '}
          · <span data-testid="banner-rank">{user.rank}</span>
          <span className="sr-only"> — my activity</span>
        </span>
        {pending && (
          <span className="text-xs text-emerald-50" data-testid="pending-points">
            {pending}
          </span>
        )}
      </Link>
      <Link to="/leaderboard" className="flex min-h-11 items-center text-xs font-semibold">
        Leaderboard
      </Link>
    </div>
  );
}
