import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  Calls,
  DomainError,
  FulfilmentMessages,
  PostalAddress,
  RedeemResponse,
  Reward,
  RewardError,
  RewardMessages,
  UserError,
  UserReward,
} from '@curbside/contracts';
import { EventOutbox, RpcCaller } from '@curbside/platform';
import { LedgerRepository } from '../ledger/ledger.repository';
import { LedgerService } from '../ledger/ledger.service';
import { toReward, toUserReward } from './redemption.mapper';
import { CatalogueRow, RedemptionsRepository } from './redemptions.repository';

/** The points shop: the catalogue, the caller's redemptions, and redeeming as one atomic debit. */
@Injectable()
export class ShopService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly ledger: LedgerService,
    private readonly balances: LedgerRepository,
    private readonly rewards: RedemptionsRepository,
    private readonly services: RpcCaller,
  ) {}

  async catalogue(): Promise<Reward[]> {
    return (await this.rewards.catalogue()).map(toReward);
  }

  async redemptions(userId: string): Promise<UserReward[]> {
    return (await this.rewards.ofMember(userId)).map(toUserReward);
  }

  /**
   * Locks the user's balance row first, so that one user's redemptions run one after another: the balance
   * check and the per-user limit check then see every earlier redemption, whatever the concurrency. What delivery
   * needs is settled before: goods sent by post carry the address, the gift card takes the member's confirmed
   * e-mail as it is now (asked of the users service). Perks and donations are fulfilled at once; goods are requested.
   */
  async redeem(userId: string, rewardId: string, address: PostalAddress | undefined): Promise<RedeemResponse> {
    const reward = await this.rewards.reward(rewardId);
    if (!reward) throw new DomainError(RewardError.NOT_FOUND, RewardMessages.notFound);
    const delivery = await this.deliveryFor(reward, userId, address);
    return this.outbox.transaction(async (tx) => {
      const points = (await this.balances.lockPoints(tx.manager, userId)) ?? 0;
      if (points < reward.points_cost) throw new DomainError(RewardError.NOT_ENOUGH_POINTS, RewardMessages.notEnoughPoints(reward.points_cost, points));
      if (reward.limit_per_user !== null && (await this.rewards.count(tx.manager, userId, rewardId)) >= reward.limit_per_user) {
        throw new DomainError(RewardError.LIMIT_REACHED, RewardMessages.limitReached(reward.limit_per_user));
      }
      const redemptionId = randomUUID();
      const status = reward.delivery === 'none' ? 'fulfilled' : 'requested';
      await this.rewards.add(tx.manager, { id: redemptionId, userId, rewardId, pointsCost: reward.points_cost, status, ...delivery });
      await this.ledger.apply(tx, { userId, amount: -reward.points_cost, reason: 'redemption', sourceEventId: redemptionId, countsAsEarned: false });
      if (reward.category === 'donations') await this.rewards.countDonation(tx.manager, rewardId);
      return { success: true, message: RewardMessages.redeemed(reward.name, reward.points_cost), redemptionId, balance: points - reward.points_cost };
    });
  }

  private async deliveryFor(reward: CatalogueRow, userId: string, address: PostalAddress | undefined): Promise<{ address?: PostalAddress; email?: string }> {
    if (reward.delivery !== 'postal' && address) throw new DomainError(RewardError.DELIVERY_NOT_TAKEN, FulfilmentMessages.deliveryNotTaken);
    if (reward.delivery === 'postal') {
      if (!address) throw new DomainError(RewardError.ADDRESS_REQUIRED, FulfilmentMessages.addressRequired);
      return { address };
    }
    if (reward.delivery === 'email') {
      const member = await this.services.call(Calls.users.get, { userId }, userId).catch((err: unknown) => {
        if (err instanceof DomainError && err.code === UserError.NOT_FOUND) return null;
        throw err;
      });
      const email = member && 'alertEmail' in member ? member.alertEmail : null;
      if (!email?.confirmed) throw new DomainError(RewardError.EMAIL_REQUIRED, FulfilmentMessages.emailRequired);
      return { email: email.address };
    }
    return {};
  }
}
