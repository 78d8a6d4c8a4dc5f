import { Injectable } from '@nestjs/common';
import { BadgeName, LeaderboardQuery } from '@curbside/contracts';
import { DataSource } from 'typeorm';
import { leaderboardQuery } from './leaderboard.query';

/** A member's line of the leaderboard; username and scout mode are null until their user event has arrived. */
export interface LeaderboardRow {
  id: string;
  earned: number;
  badges: BadgeName[];
  username: string | null;
  scout_mode: boolean | null;
}

/** Runs the leaderboard's keyset walk (leaderboard.query.ts, the statement the bench times). */
@Injectable()
export class LeaderboardRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(query: LeaderboardQuery): Promise<LeaderboardRow[]> {
    const { text, params } = leaderboardQuery(query);
    return this.dataSource.query(text, params);
  }
}
