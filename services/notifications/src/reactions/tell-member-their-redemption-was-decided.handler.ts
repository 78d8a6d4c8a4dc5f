import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventPayload, Events, NotificationType, plural } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { NotificationsService } from '../store/notifications.service';

/**
 * The durable consumer's name: renaming it starts a new consumer that replays every decision since the stream began
 * (each is written once per member still, but would arrive as news again).
 */
const REACTION = 'redemption-decided';

type Decided = EventPayload<typeof Events.redemptionDecided>;

/** What the member reads (docs/product-rules.md, "Fulfilment"): sent, or cancelled with why and the points back. */
export function decisionText(decided: Decided): { type: NotificationType; title: string; message: string } {
  if (decided.status === 'fulfilled') {
    return { type: 'reward_update', title: 'Reward Sent', message: `Your ${decided.rewardName} has been sent. Thank you for sharing with your neighbours!` };
  }
  const back =
    (decided.pointsReturned > 0
      ? ` ${plural(decided.pointsReturned, 'point')} ${decided.pointsReturned === 1 ? 'is' : 'are'} back in your points to spend.`
      : '') + (decided.pointsToOwed ? ` ${plural(decided.pointsToOwed, 'point')} went toward points a withdrawn post owed.` : '');
  return {
    type: 'reward_update',
    title: 'Reward Cancelled',
    message: `Your ${decided.rewardName} was cancelled: ${decided.reason ?? 'no reason given.'}${back}`,
  };
}

/** A member hears that a redemption of theirs was fulfilled or cancelled. */
@Injectable()
export class TellMemberTheirRedemptionWasDecidedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.redemptionDecided, REACTION, async (decided, tx) => {
      await this.notifications.notify(tx, {
        userId: decided.userId,
        ...decisionText(decided),
        data: { redemptionId: decided.redemptionId, status: decided.status },
      });
    });
  }
}
