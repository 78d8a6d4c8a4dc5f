import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { NotificationsService } from '../store/notifications.service';

/**
 * A hold ended and the queue's next member got it (docs/product-rules.md, "Queue"): they get "You're up", live;
 * members passed over because they hold as many items as they may are told so. Always sent (no switch: a hold
 * nobody hears about would lapse again), never to the member whose hold ended, once per event and recipient
 * (the event id is recorded with the notifications).
 */
@Injectable()
export class TellNextInQueueTheyAreUpHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemHoldHandedOver, 'tell-next-in-queue', async (handOver, tx) => {
      if (handOver.holderId && handOver.holderId !== handOver.previousHolderId) {
        const until = handOver.reservedUntil ? ` until ${await this.notifications.clockTimeFor(handOver.holderId, handOver.reservedUntil)}` : '';
        await this.notifications.notify(tx, {
          userId: handOver.holderId,
          type: 'you_are_up',
          title: "You're Up",
          message: `"${handOver.title}" is held for you${until}: pick it up and claim it with a photo.`,
          data: { itemId: handOver.itemId, reservedUntil: handOver.reservedUntil },
        });
      }
      for (const userId of new Set(handOver.skippedUserIds)) {
        if (userId === handOver.previousHolderId) continue;
        await this.notifications.notify(tx, {
          userId,
          type: 'queue_skipped',
          title: 'Skipped In Line',
          message: `It was your turn for "${handOver.title}", but you can't take another hold right now, so it went to the next neighbour.`,
          data: { itemId: handOver.itemId },
        });
      }
    });
  }
}
