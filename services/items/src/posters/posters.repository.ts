import { Injectable } from '@nestjs/common';
import { Events, EventPayload, SubscriptionTier } from '@curbside/contracts';
import { queryPrepared } from '@curbside/platform';
import { EntityManager } from 'typeorm';

/**
 * The posters read model. Its two parts (the account, from user.created/updated; the rank, from points.awarded)
 * each carry a version, and a write only lands over an older one: events that arrive late or twice change nothing.
 */
@Injectable()
export class PostersRepository {
  async keepNewerUser(manager: EntityManager, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await manager.query(
      `INSERT INTO items.posters (user_id, username, user_version, subscription_tier, is_verified, scout_mode, account_created_at)
       VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, now()))
       ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, user_version = EXCLUDED.user_version,
         subscription_tier = EXCLUDED.subscription_tier, is_verified = EXCLUDED.is_verified, scout_mode = EXCLUDED.scout_mode,
         account_created_at = LEAST(posters.account_created_at, EXCLUDED.account_created_at)
       WHERE posters.user_version < EXCLUDED.user_version`,
      [user.userId, user.username, user.version, user.subscriptionTier, user.isVerified, user.scoutMode, user.createdAt ?? null],
    );
  }

  /** A rank heard of before the account starts the row with a neutral name, which user.created replaces. */
  async keepNewerRank(manager: EntityManager, award: { userId: string; rank: string; version: number }): Promise<void> {
    await manager.query(
      `INSERT INTO items.posters (user_id, username, rank, points_version) VALUES ($1, 'Neighbour', $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET rank = EXCLUDED.rank, points_version = EXCLUDED.points_version
       WHERE posters.points_version < EXCLUDED.points_version`,
      [award.userId, award.rank, award.version],
    );
  }

  /**
   * The zone the member's days are counted in: kept from their first post (`postedIn`), and this row locked until the
   * transaction ends. A member not heard of yet starts the row with a neutral name, which user.created replaces.
   */
  async dayTimeZone(manager: EntityManager, userId: string, postedIn: string): Promise<string> {
    const [{ day_time_zone }]: { day_time_zone: string }[] = await manager.query(
      `INSERT INTO items.posters (user_id, username, day_time_zone) VALUES ($1, 'Neighbour', $2)
       ON CONFLICT (user_id) DO UPDATE SET day_time_zone = COALESCE(posters.day_time_zone, EXCLUDED.day_time_zone)
       RETURNING day_time_zone`,
      [userId, postedIn],
    );
    return day_time_zone;
  }

  async find(manager: EntityManager, userId: string): Promise<{ subscriptionTier: SubscriptionTier; isVerified: boolean; scoutMode: boolean } | undefined> {
    const [row]: { subscription_tier: SubscriptionTier; is_verified: boolean; scout_mode: boolean }[] = await manager.query(
      `SELECT subscription_tier, is_verified, scout_mode FROM items.posters WHERE user_id = $1`,
      [userId],
    );
    return row && { subscriptionTier: row.subscription_tier, isVerified: row.is_verified, scoutMode: row.scout_mode };
  }

  /** A reader's plan (null before items heard of them) and the members they blocked, in one round trip: every list they read needs both. */
  async reader(manager: EntityManager, userId: string): Promise<{ subscriptionTier: SubscriptionTier | null; blocked: string[] }> {
    // Prepared: its planning cost several times its run, on every list anyone signed in reads.
    const [row] = await queryPrepared<{ tier: SubscriptionTier | null; blocked: string[] }>(manager, {
      text: `SELECT (SELECT subscription_tier FROM items.posters WHERE user_id = $1) AS tier,
              ARRAY(SELECT blocked_id::text FROM items.blocks WHERE blocker_id = $1 AND blocked) AS blocked`,
      params: [userId],
    });
    return { subscriptionTier: row?.tier ?? null, blocked: row?.blocked ?? [] };
  }
}
