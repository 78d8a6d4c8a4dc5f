import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { LedgerService } from '../ledger/ledger.service';

/** item.posted → +10 for an item, +25 for a scout find, ten posts a local day at most; badges (docs/product-rules.md). */
@Injectable()
export class CreditPointsWhenItemIsPostedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly ledger: LedgerService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemPosted, 'credit-post', (item, tx) => this.ledger.creditPost(tx, item));
  }
}
