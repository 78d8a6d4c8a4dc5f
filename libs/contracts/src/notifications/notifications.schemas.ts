import { z } from 'zod';

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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE, { error: `limit must be at most ${NOTIFICATIONS_PAGE}` }).default(NOTIFICATIONS_PAGE),
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
        afterSeq: z.string().regex(/^\d{1,18}$/).optional(),
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
