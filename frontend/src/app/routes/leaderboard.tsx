import { Loader2, Star, Trophy, Users } from 'lucide-react';
import { useDeferredValue, useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { leaderboardQueryOptions, useLeaderboard } from '../../features/leaderboard/api/get-leaderboard';
import { BadgesCard } from '../../features/leaderboard/components/badges-card';
import { BadgeChips, LeaderboardRow, PlaceMark } from '../../features/leaderboard/components/leaderboard-row';
import { topAchievers } from '../../features/leaderboard/lib/leaderboard-rules';
import { useSession } from '../../lib/session/session-provider';
import { errorMessage } from '../../lib/api-client';
import { pointsEarned } from '../../lib/pending-points';
import { prefetchWhenOpenedAt } from '../start-up-prefetch';

// Opened directly (the router loads this screen during start-up): the first page is asked for at once, too.
prefetchWhenOpenedAt('/leaderboard', (queryClient) => void queryClient.prefetchInfiniteQuery(leaderboardQueryOptions()));

function StatTile({ icon: Icon, label, value }: { icon: typeof Users; label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3 text-center">
      <Icon className="mx-auto size-5 text-emerald-700" aria-hidden />
      <p className="mt-1 text-2xl font-extrabold text-slate-900">{value}</p>
      <p className="text-xs font-medium text-slate-600">{label}</p>
    </div>
  );
}

/** The leaderboard (/leaderboard): the member's badges, the standings and the top achievers. */
export default function LeaderboardRoute() {
  const { user, refreshUser } = useSession();
  const board = useLeaderboard();
  // Badges (n/7) counts the member's own badges: read afresh, one may have been earned since start-up. Only once
  // start-up has the record: a stored id that is gone is looked up once, by start-up, not again here.
  const memberId = user?.id;
  useEffect(() => {
    if (memberId) refreshUser().catch(() => undefined);
  }, [memberId, refreshUser]);
  // The standings are drawn from a deferred copy: React builds the rows in short slices after the answer arrives
  // (a tap is answered in between) instead of in one long task.
  const pages = useDeferredValue(board.data?.pages);
  const entries = pages?.flatMap((p) => p.entries) ?? [];
  const achievers = topAchievers(entries);

  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-bold">Leaderboard</h1>
        <p className="text-sm text-slate-600">Top performers in the community</p>
      </header>

      <BadgesCard held={user?.badges ?? []} />

      {board.isPending || (!pages && board.isSuccess) ? (
        <div role="status" className="grid place-items-center py-12 text-emerald-700">
          <Loader2 className="size-8 animate-spin motion-reduce:animate-none" aria-hidden />
          <span className="sr-only">Loading the leaderboard</span>
        </div>
      ) : board.isError ? (
        <div role="alert" className="rounded-2xl bg-white p-6 text-center">
          <p className="font-semibold">Could not load the leaderboard</p>
          <p className="mt-1 text-sm text-slate-600">{errorMessage(board.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void board.refetch()}>
            Retry
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center">
          <Trophy className="mx-auto size-10 text-slate-500" aria-hidden />
          <p className="mt-3 font-semibold">No Users Yet</p>
          <p className="mt-1 text-sm text-slate-600">Be the first to start earning points!</p>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3">
            <StatTile icon={Users} label="Active Users" value={entries.length} />
            <StatTile icon={Star} label="Top Score" value={entries[0].points} />
          </div>

          {achievers.length > 0 && (
            <section aria-labelledby="achievers-title" className="rounded-2xl border border-slate-200 bg-white p-4">
              <h2 id="achievers-title" className="flex items-center gap-2 text-lg font-bold">
                <Trophy className="size-5 text-amber-700" aria-hidden />
                Top Achievers
              </h2>
              <ol className="mt-2 space-y-2">
                {achievers.map((entry) => (
                  <li key={entry.id} className="flex items-center gap-3">
                    <PlaceMark place={entries.indexOf(entry) + 1} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold">{entry.username}</p>
                      <BadgeChips badges={entry.badges} />
                    </div>
                    <span className="shrink-0 text-sm font-bold">{pointsEarned(entry.points)}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}

          <section aria-labelledby="rankings-title">
            <h2 id="rankings-title" className="mb-2 text-lg font-bold">
              Rankings
            </h2>
            <ol className="space-y-2">
              {entries.map((entry, i) => (
                <LeaderboardRow key={entry.id} entry={entry} place={i + 1} isYou={entry.id === user?.id} />
              ))}
            </ol>
            {board.hasNextPage && (
              <Button variant="secondary" className="mt-3 w-full" onClick={() => void board.fetchNextPage()} disabled={board.isFetchingNextPage}>
                {board.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </Button>
            )}
          </section>
        </>
      )}
    </div>
  );
}
