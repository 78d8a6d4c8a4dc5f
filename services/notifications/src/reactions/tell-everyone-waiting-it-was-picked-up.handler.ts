import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { NotificationsService } from '../store/notifications.service';

/**
 * A verified pickup closed a listing (docs/product-rules.md, "A verified pickup"): everyone the items service
 * named as waiting for it (in line, still-there or a vote in the last 24 h) gets one item_picked_up, so nobody
 * walks to an empty curb. The names travel in the event; never the picker or the poster; once per event and
 * recipient (the event id is recorded with the notifications).
 */
@Injectable()
export class TellEveryoneWaitingItWasPickedUpHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemPickedUp, 'tell-waiting-picked-up', async (pickup, tx) => {
      const recipients = [...new Set(pickup.waitingUserIds)].filter((userId) => userId !== pickup.pickerId && userId !== pickup.posterId);
      // One statement for all of them: a popular item has hundreds (bench/README.md).
      await this.notifications.notifyMany(tx, recipients, {
        type: 'item_picked_up',
        title: 'Already Picked Up',
        message: `"${pickup.title}" was picked up by a neighbour.`,
        data: { itemId: pickup.itemId, pickedUpAt: pickup.pickedUpAt },
      });
    });
  }
}
