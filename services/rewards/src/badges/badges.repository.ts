import { Injectable } from '@nestjs/common';
import { BadgeName } from '@curbside/contracts';
import { EntityManager } from 'typeorm';

/** What the badge rules read of a member (badge.rules.ts). */
export interface BadgeProgressRow {
  earned: number;
  posts: number;
  scout_finds: number;
  helped_claims: number;
  members: number;
  badges: BadgeName[];
}

/**
 * Progress toward badges (posts and scout finds standing, free items picked up, the members claimed from) and
 * the badges won, each once. Every method runs in the caller's transaction.
 */
@Injectable()
export class BadgesRepository {
  async countPost(manager: EntityManager, userId: string, scoutFind: boolean): Promise<void> {
    await manager.query(
      `INSERT INTO rewards.user_stats (user_id, posts, scout_finds) VALUES ($1, 1, $2)
       ON CONFLICT (user_id) DO UPDATE SET posts = user_stats.posts + 1, scout_finds = user_stats.scout_finds + EXCLUDED.scout_finds`,
      [userId, scoutFind ? 1 : 0],
    );
  }

  async uncountPost(manager: EntityManager, userId: string, scoutFind: boolean): Promise<void> {
    await manager.query(`UPDATE rewards.user_stats SET posts = GREATEST(posts - 1, 0), scout_finds = GREATEST(scout_finds - $2, 0) WHERE user_id = $1`, [
      userId,
      scoutFind ? 1 : 0,
    ]);
  }

  /** A pickup from another member: one more member claimed from (each counted once), and one more free item if it was free. */
  async countClaim(manager: EntityManager, claimerId: string, posterId: string, free: boolean): Promise<void> {
    await manager.query(
      `INSERT INTO rewards.user_stats (user_id, helped_claims) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET helped_claims = user_stats.helped_claims + EXCLUDED.helped_claims`,
      [claimerId, free ? 1 : 0],
    );
    await manager.query(`INSERT INTO rewards.claimed_from (user_id, poster_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [claimerId, posterId]);
  }

  /** Zeros for a member with no entry or stats yet. */
  async progress(manager: EntityManager, userId: string): Promise<BadgeProgressRow> {
    const [progress]: BadgeProgressRow[] = await manager.query(
      `SELECT coalesce(b.earned, 0) AS earned, coalesce(b.badges, '{}') AS badges,
              coalesce(s.posts, 0) AS posts, coalesce(s.scout_finds, 0) AS scout_finds, coalesce(s.helped_claims, 0) AS helped_claims,
              (SELECT count(*)::int FROM rewards.claimed_from c WHERE c.user_id = $1) AS members
       FROM (SELECT $1::uuid AS user_id) u
       LEFT JOIN rewards.balances b ON b.user_id = u.user_id
       LEFT JOIN rewards.user_stats s ON s.user_id = u.user_id`,
      [userId],
    );
    return progress;
  }

  /** Records the badge as won by this event; false when the member had won it already. */
  async win(manager: EntityManager, userId: string, badge: BadgeName, sourceEventId: string): Promise<boolean> {
    const won: unknown[] = await manager.query(
      `INSERT INTO rewards.user_badges (user_id, badge, source_event_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING badge`,
      [userId, badge, sourceEventId],
    );
    return won.length > 0;
  }
}
