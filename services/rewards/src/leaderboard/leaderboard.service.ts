import { Injectable } from '@nestjs/common';
import { LeaderboardEntry, LeaderboardQuery, LeaderboardReply, rankForPoints } from '@curbside/contracts';
import { ShortLivedCopies } from '@curbside/platform';
import { leaderboardCursor } from './leaderboard.query';
import { LeaderboardRepository } from './leaderboard.repository';

/** A member whose username has not reached this service yet (the user event is still on its way). */
const UNKNOWN_USERNAME = 'Neighbour';
/**
 * The first page is the same for everybody and asked for by every leaderboard visit: it is kept this long
 * (per limit, per process), so a crowd on /leaderboard costs one query a second, not one per visitor.
 */
export const FIRST_PAGE_TTL_MS = 1000;

@Injectable()
export class LeaderboardService {
  private readonly firstPages = new ShortLivedCopies<number, LeaderboardReply>(FIRST_PAGE_TTL_MS);

  constructor(private readonly standings: LeaderboardRepository) {}

  page(query: LeaderboardQuery): Promise<LeaderboardReply> {
    return query.cursor ? this.read(query) : this.firstPages.get(query.limit, () => this.read(query));
  }

  private async read(query: LeaderboardQuery): Promise<LeaderboardReply> {
    const rows = await this.standings.page(query);
    const entries: LeaderboardEntry[] = rows.map((r) => ({
      id: r.id,
      username: r.username ?? UNKNOWN_USERNAME,
      points: r.earned,
      badges: r.badges,
      rank: rankForPoints(r.earned),
      scoutMode: r.scout_mode ?? false,
    }));
    const last = rows[rows.length - 1];
    return { entriesJson: JSON.stringify(entries), nextCursor: rows.length === query.limit && last ? leaderboardCursor(last) : null };
  }
}
