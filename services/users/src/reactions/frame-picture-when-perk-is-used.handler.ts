import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { UsersRepository } from '../users/users.repository';

/**
 * perk.used (a Profile Frame) → a golden frame on the member's picture, in their own and the public view.
 * The durable name is this consumer's identity (JetStream durable, processed ids): renaming it replays history.
 */
const DURABLE = 'frame-on-perk';

@Injectable()
export class FramePictureWhenPerkIsUsedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly users: UsersRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.perkUsed, DURABLE, async (used, tx) => {
      if (used.perk === 'profile_frame') await this.users.frameProfilePicture(tx.manager, used.userId);
    });
  }
}
