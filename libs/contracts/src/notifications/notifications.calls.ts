import { z } from 'zod';
import { positionSchema } from '../common/geo';
import { reportedPositionSchema } from '../emergency/emergency.schemas';
import { defineCall } from '../rpc/call-contract';
import { NotificationError, PushError } from './notifications.errors';
import {
  liveBatchAnswerSchema,
  liveBatchCallSchema,
  notificationListQuerySchema,
  notificationSchema,
  pushPublicKeySchema,
  pushSubscribeCallSchema,
} from './notifications.schemas';

const successSchema = z.object({ success: z.boolean() });

/** The notifications service's calls: every one is about the session's member's own notifications. */
export const NotificationsCalls = {
  list: defineCall({ subject: 'notifications.list', request: notificationListQuerySchema, reply: z.array(notificationSchema), errors: [] }),
  count: defineCall({ subject: 'notifications.count', request: z.object({}), reply: z.object({ count: z.number().int() }), errors: [] }),
  markRead: defineCall({
    subject: 'notifications.mark-read',
    request: z.object({ notificationId: z.uuid() }),
    reply: successSchema,
    errors: [NotificationError.NOT_FOUND],
  }),
  readAll: defineCall({
    subject: 'notifications.read-all',
    request: z.object({}),
    reply: z.object({ success: z.boolean(), count: z.number().int() }),
    errors: [],
  }),
  reportPosition: defineCall({ subject: 'notifications.report-position', request: positionSchema, reply: successSchema, errors: [] }),
  /** Internal: the gateway's live streams (no caller; the gateway names the members whose streams it holds). */
  live: defineCall({ subject: 'notifications.live', request: liveBatchCallSchema, reply: liveBatchAnswerSchema, errors: [] }),
  /** Internal: only the emergency service asks, after its own admin, elevation and reason checks (never the gateway). */
  lastPosition: defineCall({
    subject: 'notifications.last-position',
    request: z.object({ userId: z.uuid() }),
    reply: z.object({ position: reportedPositionSchema.nullable() }),
    errors: [],
    callers: ['emergency'],
  }),
  /** The VAPID public key a browser subscribes with (applicationServerKey). */
  pushPublicKey: defineCall({ subject: 'notifications.push-public-key', request: z.object({}), reply: pushPublicKeySchema, errors: [] }),
  /** The caller's browser subscribes to pushes: only endpoints on the configured push services are kept. */
  pushSubscribe: defineCall({
    subject: 'notifications.push-subscribe',
    request: pushSubscribeCallSchema,
    reply: z.object({ id: z.uuid() }),
    errors: [PushError.ENDPOINT_NOT_ALLOWED],
  }),
  /** Forgets one of the caller's push subscriptions (somebody else's is "not found"). */
  pushUnsubscribe: defineCall({
    subject: 'notifications.push-unsubscribe',
    request: z.object({ subscriptionId: z.uuid() }),
    reply: successSchema,
    errors: [PushError.SUBSCRIPTION_NOT_FOUND],
  }),
};
