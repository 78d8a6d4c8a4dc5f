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
  'content_violation',
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

/** The celebration overlay's trigger in a "Badge Earned" notification's data. */
export const BADGE_ANIMATION_TRIGGER = 'badge_earned';
