import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventPayload, Events, NotificationType } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { NotificationsService } from '../store/notifications.service';

/**
 * The durable consumer's name: renaming it starts a new consumer that replays every moderation notice since the
 * stream began (each is written once per member still, but would arrive as news again).
 */
const REACTION = 'moderation-notice';

type Notice = EventPayload<typeof Events.moderationNotice>;

const WHAT: Record<Notice['targetType'], string> = { item: 'post', comment: 'comment', member: 'profile', message: 'message', wanted: 'wanted post' };

/** What the member reads: always why, and for a removal that they may appeal (docs/product-rules.md, Moderation). */
export function noticeText(notice: Notice): { type: NotificationType; title: string; message: string } {
  const what = WHAT[notice.targetType];
  const named = notice.targetType === 'member' ? `Your ${what}` : `Your ${what} "${notice.title}"`;
  switch (notice.kind) {
    case 'held':
      return { type: 'content_violation', title: 'Held for Review', message: `${named} is hidden while a moderator looks at it. ${notice.reason}` };
    case 'removed':
      return {
        type: 'content_violation',
        title: 'Taken Down',
        message: `A moderator took ${named.charAt(0).toLowerCase()}${named.slice(1)} down: ${notice.reason} You may appeal once.`,
      };
    case 'warned':
      return {
        type: 'content_violation',
        title: 'Warning from a Moderator',
        message: `About ${named.charAt(0).toLowerCase()}${named.slice(1)}: ${notice.reason}`,
      };
    case 'restored':
      return {
        type: 'moderation_update',
        title: 'Back Up',
        message: `A moderator reviewed ${named.charAt(0).toLowerCase()}${named.slice(1)} and restored it: ${notice.reason}`,
      };
    case 'appeal_upheld':
      return { type: 'content_violation', title: 'Appeal Declined', message: `Another moderator looked at your appeal and kept the removal: ${notice.reason}` };
    case 'appeal_overturned':
      return { type: 'moderation_update', title: 'Appeal Accepted', message: `Another moderator accepted your appeal and restored it: ${notice.reason}` };
    case 'appeal_decided':
      return {
        type: 'moderation_update',
        title: 'Appeal Decided',
        message: `Another moderator decided the appeal of your decision on "${notice.title}": ${notice.reason}`,
      };
  }
}

/** A member hears what moderation did with their content, and a moderator how an appeal of their decision ended. */
@Injectable()
export class TellMembersOfModerationHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.moderationNotice, REACTION, async (notice, tx) => {
      await this.notifications.notify(tx, {
        userId: notice.userId,
        ...noticeText(notice),
        data: { caseId: notice.caseId, kind: notice.kind, targetType: notice.targetType, ...(notice.itemId ? { itemId: notice.itemId } : {}) },
      });
    });
  }
}
