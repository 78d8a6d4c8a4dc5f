import { z } from 'zod';
import { sessionRefSchema } from '../users/auth.schemas';

export const NOTIFICATION_TYPES = [
  'new_item_alert',
  'scout_find_alert',
  'first_dibs_confirmation',
  'pickup_request',
  'ranking_update',
  'ranking_alert',
  'voting_prompt',
  'post_expiring',
  'scout_confirmation',
  /** A handover message or a meet-at answer in the recipient's thread (data: itemId, memberId, messageId). */
  'handover_message',
  'content_violation',
  'you_are_up',
  'queue_skipped',
  'item_picked_up',
  /** A new item matched one of the member's saved searches (data: itemId, wanted: whether it was a wanted post). */
  'saved_search_match',
  /** Moderation news that is no violation: content restored, an appeal's outcome, an appeal to decide (data: caseId). */
  'moderation_update',
  /** A redemption from the points shop was sent or cancelled (data: redemptionId, status). */
  'reward_update',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Item alerts: they leave the app on the plan's timing (ITEM_ALERT_DELAY_MINUTES), and stay in the app during quiet
 * hours. Every other type goes out at once (holds, pickups, messages, badges, ranks).
 */
export const PLAN_TIMED_TYPES: readonly NotificationType[] = ['new_item_alert', 'scout_find_alert', 'saved_search_match'];
/** The only alerts pushed (and e-mailed) during a member's quiet hours; nothing is texted then. */
export const QUIET_HOURS_TYPES: readonly NotificationType[] = ['you_are_up', 'handover_message'];

/** A notification as the panel reads it; `data` is JSON text (distance, badgeName, animationTrigger, itemId). */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  data: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE = 50;

export const notificationListQuerySchema = z.object({
  unreadOnly: z.enum(['true', 'false'], { error: 'unreadOnly must be true or false' }).default('false'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_PAGE, { error: `limit must be at most ${NOTIFICATIONS_PAGE}` })
    .default(NOTIFICATIONS_PAGE),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** An item's votes of the day that make it worth a voting prompt to the neighbours around it (voting alerts on). */
export const VOTING_PROMPT_VOTES = 3;

/** The live channel's topic: the notifications service signals, every gateway replica listens. */
export const LIVE_NOTIFICATIONS_TOPIC = 'notifications';
/** Pairs of a member and a new notification of theirs, or null when only their unread count changed. */
export interface LiveNotificationSignal {
  entries: [userId: string, notificationId: string | null][];
}
/** Entries per signal: a post reaching 10,000 members goes out as a few signals of this size. */
export const LIVE_SIGNAL_BATCH = 1000;

/** The gateway asks, for the members with open streams, the new notifications a signal named (or those after a cursor) and the unread counts. */
export const liveBatchCallSchema = z.object({
  users: z
    .array(
      z.object({
        userId: z.uuid(),
        ids: z.array(z.uuid()).max(LIVE_SIGNAL_BATCH).optional(),
        /** A stream's cursor (Last-Event-ID): the notifications written after it, oldest first. */
        afterSeq: z
          .string()
          .regex(/^\d{1,18}$/)
          .optional(),
      }),
    )
    .max(LIVE_SIGNAL_BATCH),
});
export type LiveBatchCall = z.infer<typeof liveBatchCallSchema>;
/** A notification with its place in its member's stream (the SSE id). */
export const liveNotificationSchema = notificationSchema.extend({ seq: z.string() });
export type LiveNotification = z.infer<typeof liveNotificationSchema>;
export const liveBatchAnswerSchema = z.object({
  users: z.array(z.object({ userId: z.uuid(), count: z.number().int(), notifications: z.array(liveNotificationSchema) })),
});
export type LiveBatchAnswer = z.infer<typeof liveBatchAnswerSchema>;

/** A browser's PushSubscription as its toJSON() gives it (expirationTime and other fields are ignored). */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.string({ error: 'endpoint is required' }).max(2048, 'endpoint is too long').url('endpoint must be a URL'),
  keys: z.object(
    {
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "keys.p256dh must be the browser's P-256 public key, base64url"),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, "keys.auth must be the browser's 16-byte auth secret, base64url"),
    },
    { error: 'keys with p256dh and auth are required' },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;
/** The call behind it: the gateway adds the session the browser subscribed in, so that the session's end stops its pushes. */
export const pushSubscribeCallSchema = pushSubscriptionRequestSchema.extend({ sessionRef: sessionRefSchema });
export type PushSubscribeCall = z.infer<typeof pushSubscribeCallSchema>;
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
/** A member's devices that receive pushes at most; subscribing one more forgets the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * What a push carries (the service worker shows it): the notification's type, title and message, and the page to
 * open on a click (the item's page for alerts about an item).
 */
export interface PushPayload {
  type: NotificationType;
  title: string;
  message: string;
  url: string;
  notificationId: string;
}
