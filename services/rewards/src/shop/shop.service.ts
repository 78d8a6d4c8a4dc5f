import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError, RedeemResponse, Reward, RewardCategory, RewardError, RewardMessages, UserReward } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { LedgerService } from '../ledger/ledger.service';

interface CatalogueRow {
  id: string;
  name: string;
  description: string;
  icon: string;
  category: RewardCategory;
  points_cost: number;
  limit_per_user: number | null;
}

/** The points shop: the catalogue, the caller's redemptions, and redeeming as one atomic debit. */
@Injectable()
export class ShopService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly ledger: LedgerService,
  ) {}

  async catalogue(): Promise<Reward[]> {
    const rows: CatalogueRow[] = await this.dataSource.query(
      `SELECT id, name, description, icon, category, points_cost, limit_per_user FROM rewards.catalogue
       ORDER BY array_position(ARRAY['perks', 'merchandise', 'donations'], category), sort_order`,
    );
    return rows.map(toReward);
  }

  async redemptions(userId: string): Promise<UserReward[]> {
    const rows: { id: string; reward_id: string; points_cost: number; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, reward_id, points_cost, created_at FROM rewards.redemptions WHERE user_id = $1 ORDER BY created_at DESC`,
      [userId],
    );
    return rows.map((r) => ({ id: r.id, rewardId: r.reward_id, pointsCost: r.points_cost, redeemedAt: r.created_at.toISOString() }));
  }

  /**
   * Locks the user's balance row first, so that one user's redemptions run one after another: the balance
   * check and the per-user limit check then see every earlier redemption, whatever the concurrency.
   */
  async redeem(userId: string, rewardId: string): Promise<RedeemResponse> {
    return this.outbox.transaction(async (tx) => {
      const [reward]: CatalogueRow[] = await tx.manager.query(
        `SELECT id, name, description, icon, category, points_cost, limit_per_user FROM rewards.catalogue WHERE id = $1`,
        [rewardId],
      );
      if (!reward) throw new DomainError(RewardError.NOT_FOUND, RewardMessages.notFound);
      const [balance]: { points: number }[] = await tx.manager.query(`SELECT points FROM rewards.balances WHERE user_id = $1 FOR UPDATE`, [userId]);
      const points = balance?.points ?? 0;
      if (points < reward.points_cost) throw new DomainError(RewardError.NOT_ENOUGH_POINTS, RewardMessages.notEnoughPoints(reward.points_cost, points));
      if (reward.limit_per_user !== null) {
        const [{ n }]: { n: number }[] = await tx.manager.query(
          `SELECT count(*)::int AS n FROM rewards.redemptions WHERE user_id = $1 AND reward_id = $2`,
          [userId, rewardId],
        );
        if (n >= reward.limit_per_user) throw new DomainError(RewardError.LIMIT_REACHED, RewardMessages.limitReached(reward.limit_per_user));
      }
      const redemptionId = randomUUID();
      await tx.manager.query(`INSERT INTO rewards.redemptions (id, user_id, reward_id, points_cost) VALUES ($1, $2, $3, $4)`, [
        redemptionId,
        userId,
        rewardId,
        reward.points_cost,
      ]);
      await this.ledger.apply(tx, { userId, amount: -reward.points_cost, reason: 'redemption', sourceEventId: redemptionId, countsAsEarned: false });
      return { success: true, message: RewardMessages.redeemed(reward.name, reward.points_cost) };
    });
  }
}

function toReward(row: CatalogueRow): Reward {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    category: row.category,
    pointsCost: row.points_cost,
    ...(row.limit_per_user === null ? {} : { limitPerUser: row.limit_per_user }),
  };
}
