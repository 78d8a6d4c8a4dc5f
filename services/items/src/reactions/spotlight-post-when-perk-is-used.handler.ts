import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { SpotlightsService } from '../spotlights/spotlights.service';

/**
 * perk.used (a Spotlight Post) → the post is shown first in nearby feeds until the spotlight ends.
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
      if (used.perk === 'spotlight') await this.spotlights.start(tx, used);
    });
  }
}
