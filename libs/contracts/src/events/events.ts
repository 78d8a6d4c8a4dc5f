import { z } from 'zod';
import { BADGE_NAMES } from '../rewards/badges';
import { RANK_NAMES } from '../rewards/ranks';
import { perkSchema, rewardCategorySchema } from '../rewards/rewards.schemas';
import { subscriptionTierSchema } from '../users/user.schemas';
import { sessionRefSchema } from '../users/auth.schemas';
import { photoLabelSchema } from '../photos/photo-labels.schemas';
import type { ServiceName } from '../rpc/rpc';
import { defineEvent, type EventDefinition } from './event-envelope';

const rank = z.enum(RANK_NAMES);

/** A user's fields that other services keep in read models. `version` grows with every change. */
export const userSnapshotSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  subscriptionTier: subscriptionTierSchema,
  scoutMode: z.boolean(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** When the account was made (absent in older events): report escalation counts accounts older than a day. */
  createdAt: z.string().optional(),
  notificationRadius: z.string(),
  notificationFlags: z.record(z.string(), z.boolean()),
  /** 'off' or 'HH:MM-HH:MM' in the member's time zone; absent (older events): the default quiet hours. */
  quietHours: z.string().optional(),
  version: z.number().int(),
});

export const Events = {
  userCreated: defineEvent('user.created.v1', userSnapshotSchema),
  userUpdated: defineEvent('user.updated.v1', userSnapshotSchema),
  /**
   * Sessions of the member ended (signed out, Start Fresh, "Other devices"), named by their sessionRef (libs/platform):
   * the notifications service stops pushing to the browsers subscribed in them.
   */
  sessionsEnded: defineEvent('user.sessions-ended.v1', z.object({ userId: z.uuid(), sessionRefs: z.array(sessionRefSchema).min(1) })),
  itemPosted: defineEvent(
    'item.posted.v1',
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      title: z.string(),
      category: z.string(),
      isScoutFind: z.boolean(),
      isGarageSale: z.boolean(),
      pricingType: z.enum(['free', 'paid']),
      lat: z.number(),
      lng: z.number(),
      createdAt: z.string(),
      /** The item's IANA time zone (where it is). */
      timeZone: z.string().optional(),
      /**
       * The IANA time zone the poster's days are counted in for the ten paid posts a day: their first post's, whatever
       * zone this one is in (absent in older events, which count by `timeZone`).
       */
      posterTimeZone: z.string().optional(),
      /** Where other neighbours see it (the blurred spot): what nearby alerts measure from. */
      publicLat: z.number().optional(),
      publicLng: z.number().optional(),
      /**
       * The poster's plan as items knew it when it accepted the post: the points multiplier travels with the act,
       * so a plan change delivered before or after it cannot change what the post earns (absent in older events).
       */
      posterTier: subscriptionTierSchema.optional(),
    }),
  ),
  /** The local model's labels of an item's photo (photo-labels.schemas.ts); `labels` empty: nothing to flag. */
  itemPhotoLabelled: defineEvent('item-photo.labelled.v1', z.object({ itemId: z.uuid(), photoKey: z.string(), labels: z.array(photoLabelSchema) })),
  itemUpdated: defineEvent('item.updated.v1', z.object({ itemId: z.uuid(), posterId: z.uuid(), title: z.string(), status: z.string() })),
  itemDeleted: defineEvent('item.deleted.v1', z.object({ itemId: z.uuid(), posterId: z.uuid(), title: z.string() })),
  itemReserved: defineEvent(
    'item.reserved.v1',
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      reservedById: z.uuid(),
      title: z.string(),
      reservedUntil: z.string(),
      /** Held by the member's saved search (Pro auto-claim), whose own alert tells them: no First Dibs confirmation too. */
      autoClaimed: z.boolean().optional(),
    }),
  ),
  itemClaimed: defineEvent(
    'item.claimed.v1',
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      claimerId: z.uuid(),
      title: z.string(),
      pricingType: z.enum(['free', 'paid']),
      customAmount: z.number().int().nullable(),
      isScoutFind: z.boolean(),
      claimedAt: z.string(),
      /** The claimer's plan when the claim was made, for the points multiplier (absent in older events). */
      claimerTier: subscriptionTierSchema.optional(),
      /**
       * The claimer and the poster are likely one person (seen on one device): the pickup pays no points and makes no
       * post points final (absent in older events: false).
       */
      linkedAccounts: z.boolean().optional(),
    }),
  ),
  itemVoted: defineEvent(
    'item.voted.v1',
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      voterId: z.uuid(),
      votes: z.number().int(),
      /**
       * The day's votes from established members (verified, or with an account over a day old) and whether this vote
       * was one: the voting prompt counts only those. Absent in older events, where every vote counted.
       */
      countedVotes: z.number().int().optional(),
      counted: z.boolean().optional(),
      localDate: z.string(),
      /** For the voting prompt to neighbours around the item's public (blurred) position; absent in older events. */
      title: z.string().optional(),
      publicLat: z.number().optional(),
      publicLng: z.number().optional(),
    }),
  ),
  itemRemoved: defineEvent(
    'item.removed.v1',
    /** not_there: verified neighbours said it is gone; reported: removed after reports (a content violation). */
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      title: z.string(),
      reason: z.enum(['not_there', 'reported']),
      /** A moderator's removal: the reason they gave and the case the poster may appeal (absent otherwise). */
      note: z.string().optional(),
      caseId: z.uuid().optional(),
    }),
  ),
  /**
   * A member other than the poster said the item is still there (docs/product-rules.md, "Points"): `verified` says
   * whether that member is verified and not, by the signs items has, the poster again (seen on the poster's device):
   * the rules that count only such members use it (a post's points become final).
   */
  itemStillThere: defineEvent(
    'item.still-there.v1',
    z.object({ itemId: z.uuid(), posterId: z.uuid(), confirmerId: z.uuid(), verified: z.boolean(), confirmedAt: z.string() }),
  ),
  itemExpiring: defineEvent('item.expiring.v1', z.object({ itemId: z.uuid(), posterId: z.uuid(), title: z.string(), expiresAt: z.string() })),
  itemExpired: defineEvent('item.expired.v1', z.object({ itemId: z.uuid(), posterId: z.uuid(), title: z.string() })),
  commentPosted: defineEvent(
    'comment.posted.v1',
    z.object({ commentId: z.uuid(), itemId: z.uuid(), posterId: z.uuid(), authorId: z.uuid(), title: z.string() }),
  ),
  /**
   * A handover message, or an answer to a meet-at proposal, for `recipientId` in the thread of `posterId` and
   * `memberId` on the item (docs/product-rules.md, Handover messages).
   */
  handoverMessage: defineEvent(
    'handover.message.v1',
    z.object({
      messageId: z.uuid(),
      itemId: z.uuid(),
      title: z.string(),
      posterId: z.uuid(),
      memberId: z.uuid(),
      authorId: z.uuid(),
      recipientId: z.uuid(),
      kind: z.enum(['message', 'meet_at_accepted', 'meet_at_declined']),
      flagged: z.boolean(),
    }),
  ),
  /**
   * A member blocked or unblocked another (docs/product-rules.md, Blocking). `version` grows with each change of the
   * pair, so a reader keeps the newest whatever order a block and an unblock arrive in.
   */
  blockChanged: defineEvent(
    'user.block-changed.v1',
    z.object({ blockerId: z.uuid(), blockedId: z.uuid(), blocked: z.boolean(), version: z.number().int().positive() }),
  ),
  /**
   * News for a member from moderation (docs/product-rules.md, Moderation): their content went to pending review
   * (held), was removed (comments and members; an item's removal is item.removed), warned about, restored; an
   * appeal's outcome; or, for the moderator who decided, that an appeal of their decision was decided.
   */
  moderationNotice: defineEvent(
    'moderation.notice.v1',
    z.object({
      userId: z.uuid(),
      caseId: z.uuid(),
      kind: z.enum(['held', 'removed', 'warned', 'restored', 'appeal_upheld', 'appeal_overturned', 'appeal_decided']),
      targetType: z.enum(['item', 'comment', 'member', 'message', 'wanted']),
      itemId: z.uuid().nullable(),
      /** The item's title, the comment's first words, or the member's name. */
      title: z.string(),
      /** Why: the moderator's reason, or what put it in review. */
      reason: z.string(),
    }),
  ),
  reportFiled: defineEvent(
    'report.filed.v1',
    z.object({
      reportId: z.uuid(),
      /** The item reported, or the reported comment's item (a member's report has no item and sends no report.filed). */
      itemId: z.uuid(),
      targetType: z.enum(['item', 'comment', 'member']).optional(),
      targetId: z.uuid().optional(),
      reporterId: z.uuid(),
      reportedUserId: z.uuid().nullable(),
      reportType: z.string(),
    }),
  ),
  garageSaleInterest: defineEvent(
    'garage_sale.interest.v1',
    z.object({ itemId: z.uuid(), posterId: z.uuid(), userId: z.uuid(), isInterested: z.boolean(), interestCount: z.number().int() }),
  ),
  pointsAwarded: defineEvent(
    'points.awarded.v1',
    z.object({
      userId: z.uuid(),
      entryId: z.uuid(),
      amount: z.number().int(),
      reason: z.string(),
      sourceEventId: z.uuid(),
      /** The balance after this entry and the number of entries so far: read models keep the highest. */
      balance: z.number().int(),
      version: z.number().int(),
      rank,
      /** Every badge the user holds after this entry (absent from older events). */
      badges: z.array(z.enum(BADGE_NAMES)).optional(),
    }),
  ),
  rankChanged: defineEvent('rank.changed.v1', z.object({ userId: z.uuid(), from: rank, to: rank, points: z.number().int(), version: z.number().int() })),
  badgeEarned: defineEvent(
    'badge.earned.v1',
    z.object({
      userId: z.uuid(),
      badge: z.enum(BADGE_NAMES),
      bonusPoints: z.number().int(),
      /** The cause that completed the rule (an event id): a badge is awarded once per user whatever replays. */
      sourceEventId: z.uuid(),
      earnedAt: z.string(),
    }),
  ),
  /** Notifications to text to members who switched SMS alerts on (their plan allows it); the users service has the phones. */
  notificationTextRequested: defineEvent(
    'notification.text-requested.v1',
    z.object({
      messages: z.array(z.object({ userId: z.uuid(), notificationId: z.uuid(), text: z.string().max(320) })).max(1000),
    }),
  ),
  /**
   * Alert e-mails for the users service to send to members' confirmed addresses (notifications decided who and
   * when, src/delivery): single alerts (with the notification's id) or a free member's daily digest (without).
   */
  notificationMailRequested: defineEvent(
    'notification.mail-requested.v1',
    z.object({
      messages: z
        .array(
          z.object({
            userId: z.uuid(),
            notificationId: z.uuid().nullable(),
            subject: z.string().max(200),
            text: z.string().max(20_000),
            /** The app page the mail links to (an item's page, or the app). */
            path: z.string().max(200),
          }),
        )
        .max(1000),
    }),
  ),
  emergencyAccessed: defineEvent(
    'emergency.accessed.v1',
    z.object({
      auditEntryId: z.uuid(),
      /** null: nobody was signed in. */
      adminUserId: z.uuid().nullable(),
      targetUserId: z.uuid().nullable(),
      outcome: z.enum(['granted', 'refused', 'locked']),
      at: z.string(),
    }),
  ),
  /**
   * A hold ended without a pickup (it lapsed, or its holder released it) and the queue's next member got it
   * (docs/product-rules.md, "Queue"); `skipped` were passed over because they already hold as many items as
   * they may. Written in the transaction that ended the old hold.
   */
  itemHoldHandedOver: defineEvent(
    'item.hold-handed-over.v1',
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      title: z.string(),
      previousHolderId: z.uuid(),
      reason: z.enum(['lapsed', 'released']),
      holderId: z.uuid().nullable(),
      reservedUntil: z.string().nullable(),
      skippedUserIds: z.array(z.uuid()),
      handedOverAt: z.string(),
    }),
  ),
  /**
   * A claim with a pickup photo that passed its check closed the listing (docs/product-rules.md, "A verified
   * pickup"): its queue ended, and `waitingUserIds` (who was in line, said still-there or voted in the last 24 h,
   * never the picker or the poster) are to be told. The list travels in the event, so the reaction needs no
   * other service's state.
   */
  itemPickedUp: defineEvent(
    'item.picked-up.v1',
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      pickerId: z.uuid(),
      title: z.string(),
      pickedUpAt: z.string(),
      waitingUserIds: z.array(z.uuid()),
    }),
  ),
  /**
   * A new item matched saved searches (docs/product-rules.md, "Saved searches"): one entry per member (their oldest
   * matching search, a wanted post first), never the poster nor a member blocked either way. Large fan-outs leave as
   * several events of at most SAVED_SEARCH_MATCH_BATCH matches, wanted posts in the first.
   */
  savedSearchMatched: defineEvent(
    'saved-search.matched.v1',
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      title: z.string(),
      matches: z.array(
        z.object({
          userId: z.uuid(),
          savedSearchId: z.uuid(),
          query: z.string(),
          category: z.string().nullable(),
          wanted: z.boolean(),
          /** Pro's auto-claim took the item for the member (a hold) or a place in its line for them (absent: neither). */
          autoClaimed: z.enum(['held', 'queued']).optional(),
        }),
      ),
    }),
  ),
  /**
   * A member used a perk they redeemed (docs/product-rules.md, "Perks"): items puts the spotlighted post first in
   * nearby feeds until `endsAt`, or makes the member's next hold 60 minutes; users frames the member's picture.
   * One event per redemption: `redemptionId` is what the consumers key on.
   */
  perkUsed: defineEvent(
    'perk.used.v1',
    z.object({
      redemptionId: z.uuid(),
      userId: z.uuid(),
      perk: perkSchema,
      itemId: z.uuid().nullable(),
      usedAt: z.string(),
      endsAt: z.string().nullable(),
    }),
  ),
  /**
   * An administrator (or the operator's command) fulfilled or cancelled a member's redemption (docs/product-rules.md,
   * "Fulfilment"): notifications tells the member. A cancellation names the reason and the points given back.
   */
  redemptionDecided: defineEvent(
    'redemption.decided.v1',
    z.object({
      redemptionId: z.uuid(),
      userId: z.uuid(),
      rewardName: z.string(),
      category: rewardCategorySchema,
      status: z.enum(['fulfilled', 'cancelled']),
      reason: z.string().nullable(),
      /** The points a cancellation put back into the member's points to spend. */
      pointsReturned: z.number().int(),
      /** Of the refund, what went toward points a withdrawn post owed instead (absent in older events: none). */
      pointsToOwed: z.number().int().optional(),
      decidedAt: z.string(),
    }),
  ),
} as const;

/**
 * The one service that emits each event. Its outbox refuses any other service's event (EventOutbox.emit), and in a
 * deployment only its NATS user may publish it (libs/platform/src/net/nats-permissions.ts): a service taken over
 * cannot forge another's news (points awarded, a session ended, a pickup).
 */
export const EVENT_PRODUCERS = {
  users: [Events.userCreated, Events.userUpdated, Events.sessionsEnded, Events.blockChanged],
  items: [
    Events.itemPosted,
    Events.itemUpdated,
    Events.itemDeleted,
    Events.itemReserved,
    Events.itemClaimed,
    Events.itemVoted,
    Events.itemRemoved,
    Events.itemStillThere,
    Events.itemExpiring,
    Events.itemExpired,
    Events.commentPosted,
    Events.handoverMessage,
    Events.moderationNotice,
    Events.reportFiled,
    Events.garageSaleInterest,
    Events.itemHoldHandedOver,
    Events.itemPickedUp,
    Events.savedSearchMatched,
  ],
  rewards: [Events.pointsAwarded, Events.rankChanged, Events.badgeEarned, Events.perkUsed, Events.redemptionDecided],
  notifications: [Events.notificationTextRequested, Events.notificationMailRequested],
  emergency: [Events.emergencyAccessed],
  'photo-validation': [Events.itemPhotoLabelled],
} as const satisfies Record<ServiceName, readonly EventDefinition[]>;

/**
 * Every reaction to an event, by the service that reacts: its durable consumer on the stream is
 * `<service>_<reaction>`, reading that one event. EventConsumers.on refuses a reaction not listed here, and in a
 * deployment a service's NATS user may make, read and acknowledge only its own consumers, each for its own event
 * (libs/platform/src/net/nats-permissions.ts): a service taken over cannot read another's events or take them.
 */
export const EVENT_REACTIONS = {
  users: {
    'update-points': Events.pointsAwarded,
    'frame-on-perk': Events.perkUsed,
    'text-alerts': Events.notificationTextRequested,
    'mail-alerts': Events.notificationMailRequested,
  },
  items: {
    blocks: Events.blockChanged,
    'photo-flags': Events.itemPhotoLabelled,
    'photo-labels': Events.itemPosted,
    'saved-search-match': Events.itemPosted,
    'hold-extension-on-perk': Events.perkUsed,
    'spotlight-on-perk': Events.perkUsed,
    'poster-rank': Events.pointsAwarded,
    'poster-on-create': Events.userCreated,
    'poster-on-update': Events.userUpdated,
  },
  rewards: {
    'credit-claim': Events.itemClaimed,
    'reverse-deleted-post': Events.itemDeleted,
    'credit-post': Events.itemPosted,
    'reverse-removed-post': Events.itemRemoved,
    'finalise-on-still-there': Events.itemStillThere,
    'tier-on-create': Events.userCreated,
    'tier-on-update': Events.userUpdated,
  },
  notifications: {
    'member-on-create': Events.userCreated,
    'member-on-update': Events.userUpdated,
    'nearby-item': Events.itemPosted,
    'voting-prompt': Events.itemVoted,
    'badge-earned': Events.badgeEarned,
    'rank-changed': Events.rankChanged,
    'item-reserved': Events.itemReserved,
    'item-claimed': Events.itemClaimed,
    'item-expiring': Events.itemExpiring,
    'item-removed': Events.itemRemoved,
    'handover-message': Events.handoverMessage,
    'tell-next-in-queue': Events.itemHoldHandedOver,
    'tell-waiting-picked-up': Events.itemPickedUp,
    'moderation-notice': Events.moderationNotice,
    'redemption-decided': Events.redemptionDecided,
    'saved-search-match': Events.savedSearchMatched,
    'push-of-ended-sessions': Events.sessionsEnded,
  },
  emergency: {},
  'photo-validation': {},
} as const satisfies Record<ServiceName, Record<string, EventDefinition>>;

const PRODUCER_BY_SUBJECT = new Map<string, ServiceName>(
  (Object.entries(EVENT_PRODUCERS) as [ServiceName, readonly EventDefinition[]][]).flatMap(([service, definitions]) =>
    definitions.map((d) => [d.subject, service] as const),
  ),
);

/** The service that emits an event of ours, or undefined for one that is not (a test's own). */
export function producerOf(definition: Pick<EventDefinition, 'subject'>): ServiceName | undefined {
  return PRODUCER_BY_SUBJECT.get(definition.subject);
}

/** Matches per saved-search.matched event. */
export const SAVED_SEARCH_MATCH_BATCH = 1000;

export type EventKey = keyof typeof Events;
