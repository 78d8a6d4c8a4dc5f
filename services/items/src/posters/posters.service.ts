import { Injectable } from '@nestjs/common';
import { Events, EventPayload, SubscriptionTier } from '@curbside/contracts';
import { Transaction } from '@curbside/platform';
import { EntityManager } from 'typeorm';

export interface Member {
  subscriptionTier: SubscriptionTier;
  isVerified: boolean;
  scoutMode: boolean;
}

const UNKNOWN_MEMBER: Member = { subscriptionTier: 'free', isVerified: false, scoutMode: false };

/**
 * Read model of users as items needs them (name, rank, tier, verified, scout). Events can arrive out of order
 * or twice: each part keeps the newest version it has seen.
 */
@Injectable()
export class PostersService {
  async applyUser(tx: Transaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO items.posters (user_id, username, user_version, subscription_tier, is_verified, scout_mode)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, user_version = EXCLUDED.user_version,
         subscription_tier = EXCLUDED.subscription_tier, is_verified = EXCLUDED.is_verified, scout_mode = EXCLUDED.scout_mode
       WHERE posters.user_version < EXCLUDED.user_version`,
      [user.userId, user.username, user.version, user.subscriptionTier, user.isVerified, user.scoutMode],
    );
  }

  async applyRank(tx: Transaction, award: { userId: string; rank: string; version: number }): Promise<void> {
    // The username arrives with user.created; until then the row holds a neutral name.
    await tx.manager.query(
      `INSERT INTO items.posters (user_id, username, rank, points_version) VALUES ($1, 'Neighbour', $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET rank = EXCLUDED.rank, points_version = EXCLUDED.points_version
       WHERE posters.points_version < EXCLUDED.points_version`,
      [award.userId, award.rank, award.version],
    );
  }

  /** What items knows of a member; a member it has not heard of yet is treated as a new free account. */
  async member(manager: EntityManager, userId: string): Promise<Member> {
    const [row]: { subscription_tier: SubscriptionTier; is_verified: boolean; scout_mode: boolean }[] = await manager.query(
      `SELECT subscription_tier, is_verified, scout_mode FROM items.posters WHERE user_id = $1`,
      [userId],
    );
    return row ? { subscriptionTier: row.subscription_tier, isVerified: row.is_verified, scoutMode: row.scout_mode } : UNKNOWN_MEMBER;
  }
}
