import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { LedgerService } from '../ledger/ledger.service';

/**
 * A post's points go back when its poster deletes it within an hour of posting (item.deleted, timed by the
 * event) or when it is removed after reports (item.removed, reason reported). Items gone because neighbours
 * picked them up ("not there") keep theirs.
 */
@Injectable()
export class ReversePointsWhenPostIsWithdrawnHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly ledger: LedgerService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemDeleted, 'reverse-deleted-post', (item, tx) => this.ledger.reversePost(tx, item.itemId, tx.event.occurredAt));
    await this.consumers.on(Events.itemRemoved, 'reverse-removed-post', async (item, tx) => {
      if (item.reason === 'reported') await this.ledger.reversePost(tx, item.itemId);
    });
  }
}
