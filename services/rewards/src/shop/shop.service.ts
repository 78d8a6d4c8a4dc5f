import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError, RedeemResponse, Reward, RewardError, RewardMessages, UserReward } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { LedgerRepository } from '../ledger/ledger.repository';
import { LedgerService } from '../ledger/ledger.service';
import { CatalogueRow, RedemptionsRepository } from './redemptions.repository';

/** The points shop: the catalogue, the caller's redemptions, and redeeming as one atomic debit. */
@Injectable()
export class ShopService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly ledger: LedgerService,
    private readonly balances: LedgerRepository,
    private readonly rewards: RedemptionsRepository,
  ) {}

  async catalogue(): Promise<Reward[]> {
    return (await this.rewards.catalogue()).map(toReward);
  }

  async redemptions(userId: string): Promise<UserReward[]> {
    const rows = await this.rewards.ofMember(userId);
    return rows.map((r) => ({ id: r.id, rewardId: r.reward_id, pointsCost: r.points_cost, redeemedAt: r.created_at.toISOString() }));
  }

  /**
   * Locks the user's balance row first, so that one user's redemptions run one after another: the balance
   * check and the per-user limit check then see every earlier redemption, whatever the concurrency.
   */
  async redeem(userId: string, rewardId: string): Promise<RedeemResponse> {
    return this.outbox.transaction(async (tx) => {
      const reward = await this.rewards.reward(tx.manager, rewardId);
      if (!reward) throw new DomainError(RewardError.NOT_FOUND, RewardMessages.notFound);
      const points = (await this.balances.lockPoints(tx.manager, userId)) ?? 0;
      if (points < reward.points_cost) throw new DomainError(RewardError.NOT_ENOUGH_POINTS, RewardMessages.notEnoughPoints(reward.points_cost, points));
      if (reward.limit_per_user !== null && (await this.rewards.count(tx.manager, userId, rewardId)) >= reward.limit_per_user) {
        throw new DomainError(RewardError.LIMIT_REACHED, RewardMessages.limitReached(reward.limit_per_user));
      }
      const redemptionId = randomUUID();
      await this.rewards.add(tx.manager, { id: redemptionId, userId, rewardId, pointsCost: reward.points_cost });
      await this.ledger.apply(tx, { userId, amount: -reward.points_cost, reason: 'redemption', sourceEventId: redemptionId, countsAsEarned: false });
      return { success: true, message: RewardMessages.redeemed(reward.name, reward.points_cost), redemptionId, balance: points - reward.points_cost };
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
