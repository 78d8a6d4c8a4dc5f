import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { BADGE_ANIMATION_TRIGGER, Events, plural, RANK_NAMES, VOTING_PROMPT_VOTES } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { NotificationsService } from '../store/notifications.service';

const rankIndex = (rank: string) => RANK_NAMES.indexOf(rank as (typeof RANK_NAMES)[number]);

/** "You earned the "Scout Badge" and 25 bonus points!"; a name that does not say it is a badge gets the word. */
export function badgeEarnedMessage(badge: string, bonusPoints: number): string {
  const named = badge.endsWith('Badge') ? `"${badge}"` : `"${badge}" badge`;
  return `You earned the ${named} and ${plural(bonusPoints, 'bonus point')}!`;
}

/**
 * Notifications for one person at a time, from the events that concern them: their badges and rank, their
 * posts being reserved, picked up, about to expire or taken down, their own first dibs. Each honours its
 * switch, never goes to the person who acted, and is written once however often the event arrives.
 */
@Injectable()
export class NotifyFromEventsHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const on = this.consumers;
    const notify = this.notifications;

    await on.on(Events.userCreated, 'member-on-create', (user, tx) => notify.mirrorMember(tx, user));
    await on.on(Events.userUpdated, 'member-on-update', (user, tx) => notify.mirrorMember(tx, user));

    await on.on(Events.itemPosted, 'nearby-item', async (item, tx) => void (await notify.fanOutNewItem(tx, item)));

    // An item neighbours are voting for today: the members around it with voting alerts on are asked to look and vote,
    // once, on the established member's vote that makes it VOTING_PROMPT_VOTES (accounts made in a minute alert nobody).
    await on.on(Events.itemVoted, 'voting-prompt', async (vote, tx) => {
      const established = vote.counted === undefined ? vote.votes : vote.counted ? vote.countedVotes : undefined;
      if (established !== VOTING_PROMPT_VOTES || vote.title === undefined || vote.publicLat === undefined || vote.publicLng === undefined) return;
      await notify.fanOutNearby(tx, {
        type: 'voting_prompt',
        title: 'Neighbours Are Voting',
        messageTemplate: 'Neighbours are voting for "%1$s", %2$s mi from you. Have a look and add your vote to Top Finds Today.',
        itemId: vote.itemId,
        itemTitle: vote.title,
        lat: vote.publicLat,
        lng: vote.publicLng,
        flag: 'enableVotingAlerts',
        tiers: null,
        excludeUserIds: [vote.posterId, vote.voterId],
      });
    });

    await on.on(Events.badgeEarned, 'badge-earned', async (badge, tx) => {
      await notify.notify(tx, {
        userId: badge.userId,
        type: 'ranking_alert',
        title: `Badge Earned: ${badge.badge}`,
        message: badgeEarnedMessage(badge.badge, badge.bonusPoints),
        data: { badgeName: badge.badge, animationTrigger: BADGE_ANIMATION_TRIGGER, bonusPoints: badge.bonusPoints },
        flag: 'enableRankingAlerts',
      });
    });

    await on.on(Events.rankChanged, 'rank-changed', async (change, tx) => {
      const up = rankIndex(change.to) > rankIndex(change.from);
      await notify.notify(tx, {
        userId: change.userId,
        type: 'ranking_update',
        title: up ? 'Rank Up!' : 'Rank Changed',
        message: up ? `You are now a ${change.to}, with ${change.points} points.` : `Your rank is now ${change.to}.`,
        data: { from: change.from, to: change.to, points: change.points },
        flag: 'enableRankingAlerts',
      });
    });

    await on.on(Events.itemReserved, 'item-reserved', async (item, tx) => {
      if (item.posterId !== item.reservedById) {
        await notify.notify(tx, {
          userId: item.posterId,
          type: 'pickup_request',
          title: 'Pickup Request',
          message: `A neighbour called first dibs on "${item.title}" and is on the way.`,
          data: { itemId: item.itemId },
          flag: 'enablePickupRequestAlerts',
        });
      }
      // An auto-claim's hold is announced by the saved search's own alert ("Auto-Claimed For You"), once.
      if (item.autoClaimed) return;
      await notify.notify(tx, {
        userId: item.reservedById,
        type: 'first_dibs_confirmation',
        title: 'First Dibs Confirmed',
        message: `"${item.title}" is held for you until ${await notify.clockTimeFor(item.reservedById, item.reservedUntil)}: pick it up and claim it with a photo.`,
        data: { itemId: item.itemId, reservedUntil: item.reservedUntil },
        flag: 'enableFirstDibsAlerts',
      });
    });

    await on.on(Events.itemClaimed, 'item-claimed', async (item, tx) => {
      if (item.posterId === item.claimerId) return;
      await notify.notify(tx, {
        userId: item.posterId,
        type: 'pickup_request',
        title: 'Item Picked Up',
        message: `"${item.title}" was picked up by a neighbour. Thanks for sharing!`,
        data: { itemId: item.itemId },
        flag: 'enablePickupRequestAlerts',
      });
    });

    await on.on(Events.itemExpiring, 'item-expiring', async (item, tx) => {
      await notify.notify(tx, {
        userId: item.posterId,
        type: 'post_expiring',
        title: 'Post Expiring Soon',
        message: `"${item.title}" expires in less than an hour.`,
        data: { itemId: item.itemId, expiresAt: item.expiresAt },
        flag: 'enablePostExpirationAlerts',
      });
    });

    await on.on(Events.itemRemoved, 'item-removed', async (item, tx) => {
      await notify.notify(tx, {
        userId: item.posterId,
        type: 'content_violation',
        title: 'Post Taken Down',
        message:
          item.reason === 'reported'
            ? item.note
              ? `A moderator took "${item.title}" down: ${item.note} You may appeal once.`
              : `"${item.title}" was taken down after reports from neighbours.`
            : `Neighbours said "${item.title}" is no longer there, so it was taken down.`,
        data: { itemId: item.itemId, reason: item.reason, ...(item.caseId ? { caseId: item.caseId } : {}) },
      });
    });
  }
}
