import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EXTENDED_HOLD_MINUTES, Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { HoldExtensionsRepository } from '../holds/hold-extensions.repository';

/**
 * perk.used (Extra Reservation Time) → the member's next hold lasts 60 minutes, a hand-over from a line included.
 * The durable name is this consumer's identity (JetStream durable, processed ids): renaming it replays history.
 */
const DURABLE = 'hold-extension-on-perk';

@Injectable()
export class ExtendNextHoldWhenPerkIsUsedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly extensions: HoldExtensionsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.perkUsed, DURABLE, async (used, tx) => {
      if (used.perk !== 'extra_reservation_time') return;
      await this.extensions.arm(tx.manager, { redemptionId: used.redemptionId, userId: used.userId, minutes: EXTENDED_HOLD_MINUTES, armedAt: used.usedAt });
    });
  }
}
