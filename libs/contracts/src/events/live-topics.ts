import { LIVE_NOTIFICATIONS_TOPIC } from '../notifications/notifications.schemas';
import type { AppName } from '../rpc/rpc';
import { LIVE_SESSIONS_ENDED_TOPIC } from '../users/auth.schemas';

/** The live channel's topic on which items replicas tell each other whose plan or blocks changed. */
export const READERS_CHANGED_TOPIC = 'items.readers-changed';

/**
 * Every topic of the live channel (signals between processes, outside the event stream), with the apps that publish
 * on it and those that listen. In a deployment each app's NATS user may publish and read only its own topics
 * (libs/platform/src/net/nats-permissions.ts).
 */
export const LIVE_TOPICS: Record<string, { publishers: readonly AppName[]; listeners: readonly AppName[] }> = {
  // Which members have news: the gateways' open streams ask the notifications service for it.
  [LIVE_NOTIFICATIONS_TOPIC]: { publishers: ['notifications'], listeners: ['gateway'] },
  // Sessions ended (a sign-out, "sign out everywhere else"): every gateway forgets them at once.
  [LIVE_SESSIONS_ENDED_TOPIC]: { publishers: ['users'], listeners: ['gateway'] },
  [READERS_CHANGED_TOPIC]: { publishers: ['items'], listeners: ['items'] },
};
