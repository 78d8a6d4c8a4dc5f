import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { NotificationsService } from '../store/notifications.service';

/**
 * The durable consumer's name: renaming it starts a new consumer that replays every handover message since the
 * stream began (each would be written once per recipient still, but as news again).
 */
const REACTION = 'handover-message';

/**
 * A handover message or a meet-at answer (docs/product-rules.md, Handover messages) tells its recipient, live:
 * the open thread refetches on it. Always sent (no switch: it is a conversation the member is in), never to the
 * author, once per event and recipient. The text itself is not copied into the notification: only the two
 * members read the thread, and a flagged message must be read with its warning.
 */
@Injectable()
export class TellRecipientOfHandoverMessageHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.handoverMessage, REACTION, async (message, tx) => {
      if (message.recipientId === message.authorId) return;
      const [title, text] =
        message.kind === 'meet_at_accepted'
          ? ['Meeting Accepted', `Your meeting proposal for "${message.title}" was accepted.`]
          : message.kind === 'meet_at_declined'
            ? ['Meeting Declined', `Your meeting proposal for "${message.title}" was declined. Suggest another time or place.`]
            : ['New Message', `You have a new message about "${message.title}".`];
      await this.notifications.notify(tx, {
        userId: message.recipientId,
        type: 'handover_message',
        title,
        message: text,
        data: { itemId: message.itemId, memberId: message.memberId, messageId: message.messageId, posterId: message.posterId },
      });
    });
  }
}
