import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { LedgerService } from '../ledger/ledger.service';

/** item.claimed → +5 for the neighbour who picked it up; Community Helper and Champion progress (docs/product-rules.md). */
@Injectable()
export class CreditPointsWhenItemIsClaimedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly ledger: LedgerService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemClaimed, 'credit-claim', (claim, tx) => this.ledger.creditClaim(tx, claim));
  }
}
