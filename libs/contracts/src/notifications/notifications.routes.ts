import { z } from 'zod';
import { positionSchema } from '../common/geo';
import { ResponseHeaders, type RouteContract } from '../http/route-contract';
import { LIVE_STREAM_PATH } from './live-events';
import { notificationListQuerySchema, notificationSchema, pushPublicKeySchema, pushSubscriptionRequestSchema } from './notifications.schemas';
import { NotificationsCalls } from './notifications.calls';

const userIdParamsSchema = z.object({ userId: z.uuid({ error: 'Must be a valid id' }) });
const notificationIdParamsSchema = z.object({ notificationId: z.uuid({ error: 'Must be a valid notification id' }) });

export const NotificationRoutes = {
  listNotifications: {
    method: 'get',
    path: '/api/notifications/:userId',
    summary: "The caller's notifications, newest first (unreadOnly=true for the unread ones)",
    auth: 'session',
    params: userIdParamsSchema,
    query: notificationListQuerySchema,
    response: z.array(notificationSchema),
    errors: NotificationsCalls.list.errors,
    tags: ['notifications'],
  },
  notificationCount: {
    method: 'get',
    path: '/api/notifications/:userId/count',
    summary: "How many of the caller's notifications are unread",
    auth: 'session',
    params: userIdParamsSchema,
    response: z.object({ count: z.number().int() }),
    errors: NotificationsCalls.count.errors,
    tags: ['notifications'],
  },
  markNotificationRead: {
    method: 'patch',
    path: '/api/notifications/:notificationId/read',
    summary: "Marks one of the caller's notifications read",
    auth: 'session',
    params: notificationIdParamsSchema,
    response: z.object({ success: z.boolean() }),
    errors: NotificationsCalls.markRead.errors,
    tags: ['notifications'],
  },
  reportPosition: {
    method: 'put',
    path: '/api/notifications/:userId/position',
    summary: "The caller's position for nearby-item alerts (sent when the feed loads; kept only for alerts, never shown to anybody)",
    auth: 'session',
    params: userIdParamsSchema,
    body: positionSchema,
    response: z.object({ success: z.boolean() }),
    errors: NotificationsCalls.reportPosition.errors,
    tags: ['notifications'],
  },
  markAllNotificationsRead: {
    method: 'patch',
    path: '/api/notifications/:userId/read-all',
    summary: "Marks all of the caller's notifications read",
    auth: 'session',
    params: userIdParamsSchema,
    response: z.object({ success: z.boolean(), count: z.number().int() }),
    errors: NotificationsCalls.readAll.errors,
    tags: ['notifications'],
  },
  liveStream: {
    method: 'get',
    path: LIVE_STREAM_PATH,
    summary:
      'Server-Sent Events for every open tab of the caller: `count` ({count}) at connect and after every change, `notification` (a new notification; its id the stream cursor, resumed with Last-Event-ID), `: ping` comments',
    auth: 'session',
    response: z.string().meta({ contentMediaType: 'text/event-stream' }),
    headers: ResponseHeaders.cacheControl,
    errors: [],
    tags: ['notifications'],
  },
  pushPublicKey: {
    method: 'get',
    path: '/api/push/public-key',
    summary: 'The VAPID public key (base64url) a browser passes as applicationServerKey when it subscribes to pushes',
    auth: 'session',
    response: pushPublicKeySchema,
    errors: NotificationsCalls.pushPublicKey.errors,
    tags: ['notifications'],
  },
  createPushSubscription: {
    method: 'post',
    path: '/api/push/subscriptions',
    summary:
      "Keeps the browser's PushSubscription ({endpoint, keys: {p256dh, auth}}) for the caller's alerts; only https endpoints of the browsers' push services are accepted (the same endpoint again answers the same id)",
    auth: 'session',
    body: pushSubscriptionRequestSchema,
    response: z.object({ id: z.uuid() }),
    idempotencyKey: true,
    errors: NotificationsCalls.pushSubscribe.errors,
    tags: ['notifications'],
  },
  deletePushSubscription: {
    method: 'delete',
    path: '/api/push/subscriptions/:subscriptionId',
    summary: "Stops pushes to one of the caller's devices",
    auth: 'session',
    params: z.object({ subscriptionId: z.uuid({ error: 'Must be a valid subscription id' }) }),
    response: z.object({ success: z.boolean() }),
    errors: NotificationsCalls.pushUnsubscribe.errors,
    tags: ['notifications'],
  },
} as const satisfies Record<string, RouteContract>;
