import { Injectable } from '@nestjs/common';
import { BadgeName, LeaderboardQuery, LeaderboardReply, rankForPoints } from '@curbside/contracts';
import { DataSource } from 'typeorm';

/** A member whose username has not reached this service yet (the user event is still on its way). */
const UNKNOWN_USERNAME = 'Neighbour';

/**
 * Members by points earned, highest first, ties by id: a keyset walk of balances_leaderboard (earned DESC,
 * user_id DESC), so any page costs `limit` index entries and as many member look-ups, at any size.
 */
@Injectable()
export class LeaderboardService {
  constructor(private readonly dataSource: DataSource) {}

  async page(query: LeaderboardQuery): Promise<LeaderboardReply> {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows: { id: string; earned: number; badges: BadgeName[]; username: string | null; scout_mode: boolean | null }[] = await this.dataSource.query(
      `SELECT b.user_id AS id, b.earned, b.badges, m.username, m.scout_mode
       FROM (
         SELECT user_id, earned, badges FROM rewards.balances
         ${after ? 'WHERE (earned, user_id) < ($2, $3::uuid)' : ''}
         ORDER BY earned DESC, user_id DESC
         LIMIT $1
       ) b
       LEFT JOIN rewards.members m ON m.user_id = b.user_id
       ORDER BY b.earned DESC, b.user_id DESC`,
      after ? [query.limit, after.earned, after.id] : [query.limit],
    );
    const entries = rows.map((r) => ({
      id: r.id,
      username: r.username ?? UNKNOWN_USERNAME,
      points: r.earned,
      badges: r.badges,
      rank: rankForPoints(r.earned),
      scoutMode: r.scout_mode ?? false,
    }));
    const last = rows[rows.length - 1];
    return { entries, nextCursor: rows.length === query.limit && last ? `${last.earned}_${last.id}` : null };
  }
}

function decodeCursor(cursor: string): { earned: number; id: string } {
  const [earned, id] = cursor.split('_');
  return { earned: Number(earned), id };
}
