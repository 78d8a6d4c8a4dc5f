import { Injectable } from '@nestjs/common';
import { EventPayload, Events, SubscriptionTier } from '@curbside/contracts';
import { EntityManager } from 'typeorm';

/** The rewards service's mirror of each member (plan for multipliers; username and scout mode for the leaderboard). */
@Injectable()
export class MembersRepository {
  /** Writes the member's version unless a newer one is there already. */
  async mirror(manager: EntityManager, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await manager.query(
      `INSERT INTO rewards.members (user_id, tier, username, scout_mode, version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET tier = EXCLUDED.tier, username = EXCLUDED.username, scout_mode = EXCLUDED.scout_mode, version = EXCLUDED.version
       WHERE members.version < EXCLUDED.version`,
      [user.userId, user.subscriptionTier, user.username, user.scoutMode, user.version],
    );
  }

  /** The member's plan as the mirror has it now; none when no user event has arrived yet. */
  async tierOf(manager: EntityManager, userId: string): Promise<SubscriptionTier | undefined> {
    const [row]: { tier: SubscriptionTier }[] = await manager.query(`SELECT tier FROM rewards.members WHERE user_id = $1`, [userId]);
    return row?.tier;
  }
}
