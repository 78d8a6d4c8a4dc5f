import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { SpotlightsService } from '../spotlights/spotlights.service';

/**
 * perk.used (a Spotlight Post) → the spotlight, which items.start-spotlight started already, is kept as it is (a
 * replay or an event from before that call changes nothing but the missing row).
 * The durable name is this consumer's identity (JetStream durable, processed ids): renaming it replays history.
 */
const DURABLE = 'spotlight-on-perk';

@Injectable()
export class SpotlightPostWhenPerkIsUsedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly spotlights: SpotlightsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.perkUsed, DURABLE, async (used, tx) => {
      if (used.perk === 'spotlight') await this.spotlights.confirm(tx, used);
    });
  }
}
