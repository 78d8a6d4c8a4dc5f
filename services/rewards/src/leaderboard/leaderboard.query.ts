import { LeaderboardQuery } from '@curbside/contracts';

/**
 * Members by points earned, highest first, ties by id: a keyset walk of balances_leaderboard (earned DESC,
 * user_id DESC), so any page costs `limit` index entries and as many member look-ups, at any size. The bench
 * times this very statement.
 */
export function leaderboardQuery(query: LeaderboardQuery): { text: string; params: unknown[] } {
  const after = query.cursor ? decodeLeaderboardCursor(query.cursor) : null;
  return {
    text: `SELECT b.user_id AS id, b.earned, b.badges, m.username, m.scout_mode
       FROM (
         SELECT user_id, earned, badges FROM rewards.balances
         ${after ? 'WHERE (earned, user_id) < ($2, $3::uuid)' : ''}
         ORDER BY earned DESC, user_id DESC
         LIMIT $1
       ) b
       LEFT JOIN rewards.members m ON m.user_id = b.user_id
       ORDER BY b.earned DESC, b.user_id DESC`,
    params: after ? [query.limit, after.earned, after.id] : [query.limit],
  };
}

export function leaderboardCursor(row: { earned: number; id: string }): string {
  return `${row.earned}_${row.id}`;
}

function decodeLeaderboardCursor(cursor: string): { earned: number; id: string } {
  const [earned, id] = cursor.split('_');
  return { earned: Number(earned), id };
}
