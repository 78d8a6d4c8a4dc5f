import { Injectable } from '@nestjs/common';
import { DomainError, Events, FulfilmentMessages, OpenRedemption, RedemptionDecision, RewardError } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { LedgerRepository } from '../ledger/ledger.repository';
import { LedgerService } from '../ledger/ledger.service';
import { toOpenRedemption } from '../shop/redemption.mapper';
import { RedemptionsRepository } from '../shop/redemptions.repository';

/** Who decided: an administrator's id, or the operator's command. */
export type DecidedBy = { adminId: string } | 'operator';

/** The ledger reason of points given back for a cancelled redemption (unique per redemption with its id as cause). */
export const REFUND_REASON = 'redemption_refund';

/**
 * Fulfilment of what members redeemed (docs/product-rules.md, "Fulfilment"): the open ones, and closing one either
 * way. A decision is one conditional update of a requested redemption, so two at once (two cancels, a cancel and a
 * fulfil) leave one winner; a cancellation gives the points back in the same transaction, as a ledger entry unique
 * per redemption. The member hears of it through `redemption.decided`, written in the same transaction.
 */
@Injectable()
export class FulfilmentService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly ledger: LedgerService,
    private readonly balances: LedgerRepository,
    private readonly redemptions: RedemptionsRepository,
  ) {}

  async open(): Promise<OpenRedemption[]> {
    return (await this.redemptions.open()).map(toOpenRedemption);
  }

  fulfil(redemptionId: string, by: DecidedBy): Promise<RedemptionDecision> {
    return this.decide(redemptionId, 'fulfilled', null, by);
  }

  cancel(redemptionId: string, reason: string, by: DecidedBy): Promise<RedemptionDecision> {
    return this.decide(redemptionId, 'cancelled', reason, by);
  }

  private async decide(redemptionId: string, status: 'fulfilled' | 'cancelled', reason: string | null, by: DecidedBy): Promise<RedemptionDecision> {
    return this.outbox.transaction(async (tx) => {
      const decidedBy = by === 'operator' ? 'operator' : by.adminId;
      const closed = await this.redemptions.close(tx.manager, redemptionId, { status, reason, decidedBy });
      const row = await this.redemptions.find(tx.manager, redemptionId);
      if (!row) throw new DomainError(RewardError.REDEMPTION_NOT_FOUND, FulfilmentMessages.redemptionNotFound);
      if (!closed) throw new DomainError(RewardError.REDEMPTION_CLOSED, FulfilmentMessages.closed(row.status === 'cancelled' ? 'cancelled' : 'fulfilled'));
      let pointsReturned = 0;
      let pointsToOwed = 0;
      if (status === 'cancelled') {
        // What the member can spend again: the refund less what it paid toward points owed (apply pays those first).
        const before = (await this.balances.lockPoints(tx.manager, closed.user_id)) ?? 0;
        const balance = await this.ledger.apply(tx, {
          userId: closed.user_id,
          amount: closed.points_cost,
          reason: REFUND_REASON,
          sourceEventId: redemptionId,
          countsAsEarned: false,
        });
        if (balance) {
          pointsReturned = balance.points - before;
          pointsToOwed = closed.points_cost - pointsReturned;
        }
      }
      tx.emit(Events.redemptionDecided, {
        redemptionId,
        userId: closed.user_id,
        rewardName: row.reward_name,
        category: row.category,
        status,
        reason,
        pointsReturned,
        ...(pointsToOwed > 0 ? { pointsToOwed } : {}),
        decidedAt: new Date().toISOString(),
      });
      return { id: redemptionId, status, pointsReturned };
    });
  }
}
