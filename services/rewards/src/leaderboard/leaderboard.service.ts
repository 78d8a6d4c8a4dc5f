import { Injectable } from '@nestjs/common';
import { LeaderboardEntry, LeaderboardQuery, LeaderboardReply, rankForPoints } from '@curbside/contracts';
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
  private readonly firstPages = new Map<number, { at: number; reply: Promise<LeaderboardReply> }>();

  constructor(private readonly standings: LeaderboardRepository) {}

  page(query: LeaderboardQuery): Promise<LeaderboardReply> {
    if (query.cursor) return this.read(query);
    const cached = this.firstPages.get(query.limit);
    if (cached && Date.now() - cached.at < FIRST_PAGE_TTL_MS) return cached.reply;
    const reply = this.read(query);
    this.firstPages.set(query.limit, { at: Date.now(), reply });
    reply.catch(() => this.firstPages.delete(query.limit));
    return reply;
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
