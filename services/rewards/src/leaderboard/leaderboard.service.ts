import { Injectable } from '@nestjs/common';
import { BadgeName, LeaderboardQuery, LeaderboardReply, rankForPoints } from '@curbside/contracts';
import { DataSource } from 'typeorm';
import { leaderboardCursor, leaderboardQuery } from './leaderboard.query';

/** A member whose username has not reached this service yet (the user event is still on its way). */
const UNKNOWN_USERNAME = 'Neighbour';

@Injectable()
export class LeaderboardService {
  constructor(private readonly dataSource: DataSource) {}

  async page(query: LeaderboardQuery): Promise<LeaderboardReply> {
    const { text, params } = leaderboardQuery(query);
    const rows: { id: string; earned: number; badges: BadgeName[]; username: string | null; scout_mode: boolean | null }[] = await this.dataSource.query(text, params);
    const entries = rows.map((r) => ({
      id: r.id,
      username: r.username ?? UNKNOWN_USERNAME,
      points: r.earned,
      badges: r.badges,
      rank: rankForPoints(r.earned),
      scoutMode: r.scout_mode ?? false,
    }));
    const last = rows[rows.length - 1];
    return { entries, nextCursor: rows.length === query.limit && last ? leaderboardCursor(last) : null };
  }
}
