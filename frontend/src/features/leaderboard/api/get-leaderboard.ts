import type { LeaderboardEntry } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGetWithHeaders, withQuery } from '../../../lib/api-client';
import { leaderboardKeys } from './keys';

/** The largest page the server gives (LEADERBOARD_MAX_LIMIT). */
export const LEADERBOARD_PAGE = 100;

export async function getLeaderboard(cursor: string | undefined, signal?: AbortSignal): Promise<{ entries: LeaderboardEntry[]; nextCursor: string | null }> {
  const { data, headers } = await apiGetWithHeaders<LeaderboardEntry[]>(withQuery(apiPath('leaderboard'), { limit: LEADERBOARD_PAGE, cursor }), signal);
  return { entries: data, nextCursor: headers.get('X-Next-Cursor') };
}

/** Members by points, highest first; further pages follow the X-Next-Cursor header. */
export const leaderboardQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: leaderboardKeys.all,
    queryFn: ({ pageParam, signal }) => getLeaderboard(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useLeaderboard() {
  return useInfiniteQuery(leaderboardQueryOptions());
}
