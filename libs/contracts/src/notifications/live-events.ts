/**
 * The live channel, `GET /api/events/stream` (Server-Sent Events, session cookie). Every open tab of a member
 * receives:
 * - `count`: `{"count": n}`, the unread count, at connect and after every change (new, read, read all);
 * - `notification`: one new notification (the `Notification` shape), its SSE `id` the stream cursor. A client
 *   reconnecting with `Last-Event-ID` first gets the notifications created after that one.
 * Comment lines (`: ping`) keep proxies from closing an idle stream. Zod-free: the first screen imports it.
 */
export const LIVE_STREAM_PATH = '/api/events/stream';

export const LiveEvent = {
  notification: 'notification',
  count: 'count',
} as const;
export type LiveEventName = (typeof LiveEvent)[keyof typeof LiveEvent];

/** How long the browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
export const LIVE_STREAM_RETRY_MS = 3000;
/** A comment line this often keeps idle streams open through proxies. */
export const LIVE_STREAM_HEARTBEAT_MS = 20_000;

/** The celebration overlay's trigger in a "Badge Earned" notification's data. */
export const BADGE_ANIMATION_TRIGGER = 'badge_earned';
