import type { LeaderboardEntry } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGetWithHeaders, withQuery } from '../../../lib/api-client';
import { earlyRequest } from '../../../lib/early-request';

/** The largest page the server gives (LEADERBOARD_MAX_LIMIT). */
export const LEADERBOARD_PAGE = 100;

export async function getLeaderboard(cursor: string | undefined, signal?: AbortSignal): Promise<{ entries: LeaderboardEntry[]; nextCursor: string | null }> {
  const { data, headers } = await apiGetWithHeaders<LeaderboardEntry[]>(withQuery(apiPath('leaderboard'), { limit: LEADERBOARD_PAGE, cursor }), signal);
  return { entries: data, nextCursor: headers.get('X-Next-Cursor') };
}

const early = earlyRequest<Awaited<ReturnType<typeof getLeaderboard>>>();
/** The leaderboard opened directly asks for its first page during start-up. */
export const startLeaderboardEarly = () => early.start('first', () => getLeaderboard(undefined));

/** Members by points, highest first; further pages follow the X-Next-Cursor header. */
export const leaderboardQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['/api/leaderboard'],
    queryFn: ({ pageParam, signal }) => (pageParam === undefined ? early.fetch('first', () => getLeaderboard(undefined, signal)) : getLeaderboard(pageParam, signal)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useLeaderboard() {
  return useInfiniteQuery(leaderboardQueryOptions());
}
