import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { LedgerService } from '../ledger/ledger.service';

/**
 * A post's withdrawals (docs/product-rules.md, "Points"): deleted by its poster (item.deleted) or removed
 * (item.removed: after reports, or by neighbours' "not there"), each timed by its event. Pending points any of them
 * voids; final points go back for a deletion within the hour or a removal after reports.
 */
@Injectable()
export class ReversePointsWhenPostIsWithdrawnHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly ledger: LedgerService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemDeleted, 'reverse-deleted-post', (item, tx) => this.ledger.reversePost(tx, item.itemId, 'deleted'));
    await this.consumers.on(Events.itemRemoved, 'reverse-removed-post', (item, tx) =>
      this.ledger.reversePost(tx, item.itemId, item.reason === 'reported' ? 'reported' : 'gone'),
    );
  }
}
