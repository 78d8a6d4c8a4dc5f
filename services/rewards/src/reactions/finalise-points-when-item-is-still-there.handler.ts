import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { LedgerService } from '../ledger/ledger.service';

/**
 * The consumer's durable name: a persistent identity (JetStream durable, processed ids). Renaming it replays the
 * subject's history into this reaction.
 */
const DURABLE = 'finalise-on-still-there';

/** item.still-there from a verified member → the post's pending points become final (docs/product-rules.md, "Points"). */
@Injectable()
export class FinalisePointsWhenItemIsStillThereHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly ledger: LedgerService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemStillThere, DURABLE, async (check, tx) => {
      // Only a verified member's word counts, and never the poster's own.
      if (check.verified && check.confirmerId !== check.posterId) await this.ledger.confirmItem(tx, check.itemId, check.confirmedAt);
    });
  }
}
