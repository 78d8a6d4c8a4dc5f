import type { Notification } from '@curbside/contracts';
import { CLOCK_TIME_IN_TEXT } from '@curbside/contracts/client';
import { BADGE_ANIMATION_TRIGGER } from './live-constants';

export type NotificationData = Record<string, unknown>;

/** Spec §3: `data` is JSON text; text that does not parse (or is not an object) counts as empty. */
export function parseNotificationData(data: string | null | undefined): NotificationData {
  if (!data) return {};
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as NotificationData) : {};
  } catch {
    return {};
  }
}

/** "0.4 mi" when the data holds a distance, else null. */
export function distanceLabel(data: NotificationData): string | null {
  const { distance } = data;
  if (typeof distance === 'number' && Number.isFinite(distance)) return `${distance} mi`;
  if (typeof distance === 'string' && distance.trim() !== '' && Number.isFinite(Number(distance))) return `${Number(distance)} mi`;
  return null;
}

/** Spec §2 title colours (shades dark enough for AA contrast on white and on the unread tint). */
export function titleColour(type: string): string {
  switch (type) {
    case 'first_dibs_confirmation':
    case 'you_are_up':
      return 'text-green-700';
    case 'pickup_request':
      return 'text-blue-700';
    case 'ranking_update':
      return 'text-purple-700';
    case 'content_violation':
      return 'text-red-700';
    case 'post_expiring':
      return 'text-orange-700';
    default:
      return 'text-slate-700';
  }
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;

/** Relative times: "less than a minute ago", "1 minute ago", "3 hours ago", "2 days ago". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'less than a minute ago';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 30) return unit(days, 'day');
  const months = Math.floor(days / 30);
  if (months < 12) return unit(months, 'month');
  return unit(Math.floor(days / 365), 'year');
}

/** Spec §4 and §9: a badge notification celebrates only within 30 s of its creation. */
export const BADGE_WINDOW_MS = 30_000;
export const BADGE_OVERLAY_MS = 5_000;

export interface Celebration {
  notificationId: string;
  createdAt: string;
  badgeName: string;
  message: string;
}

function isBadgeNotification(n: Notification): boolean {
  return n.type === 'ranking_alert' && n.title.includes('Badge Earned');
}

/**
 * Spec §4 badge celebration: the newest `ranking_alert` whose title says "Badge Earned", if it is newer than the
 * last one shown and at most 30 s old. The badge name comes from its data, else the quoted name in the message;
 * data naming another animation does not celebrate.
 */
export function celebrationFor(notifications: readonly Notification[], lastShownAt: string | null, now: number = Date.now()): Celebration | null {
  let newest: Notification | undefined;
  for (const n of notifications) {
    if (!isBadgeNotification(n)) continue;
    if (!newest || Date.parse(n.createdAt) > Date.parse(newest.createdAt)) newest = n;
  }
  if (!newest) return null;
  const created = Date.parse(newest.createdAt);
  if (!Number.isFinite(created)) return null;
  if (lastShownAt !== null && created <= Date.parse(lastShownAt)) return null;
  if (now - created > BADGE_WINDOW_MS) return null;
  const data = parseNotificationData(newest.data);
  if (data.animationTrigger !== undefined && data.animationTrigger !== BADGE_ANIMATION_TRIGGER) return null;
  const badgeName = typeof data.badgeName === 'string' && data.badgeName ? data.badgeName : /"([^"]+)"/.exec(newest.message)?.[1];
  if (!badgeName) return null;
  return { notificationId: newest.id, createdAt: newest.createdAt, badgeName, message: newest.message };
}

/**
 * What a notification says in the panel: an item_picked_up says how long ago the pickup was ("… was picked up
 * 12 min ago"), from the pickup's time in its data, so it stays true however late it is read.
 */
export function notificationMessage(notification: Pick<Notification, 'type' | 'message' | 'data'>, now: number = Date.now()): string {
  // A hold's end is written by the server in the time zone of the member's last position, or UTC (for a push, an
  // e-mail or an SMS): here, in the browser's own time, from the exact time in the data (a First Dibs
  // confirmation, "You're Up" from a queue).
  const { reservedUntil } = parseNotificationData(notification.data);
  if (typeof reservedUntil === 'string' && CLOCK_TIME_IN_TEXT.test(notification.message)) {
    const until = new Date(reservedUntil);
    if (Number.isNaN(until.getTime())) return notification.message;
    return notification.message.replace(CLOCK_TIME_IN_TEXT, until.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }));
  }
  if (notification.type !== 'item_picked_up') return notification.message;
  const { pickedUpAt } = parseNotificationData(notification.data);
  const at = typeof pickedUpAt === 'string' ? new Date(pickedUpAt).getTime() : NaN;
  if (!Number.isFinite(at)) return notification.message;
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  // Abbreviated units need no plural ("1 min", "5 min", "2 h"); days start at 2, so always "days".
  const ago =
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : minutes < 48 * 60
          ? `${Math.floor(minutes / 60)} h ago`
          : `${Math.floor(minutes / 1440)} days ago`;
  return notification.message.replace(/ by a neighbour\.$/, ` ${ago}`);
}

/** Alerts about a new item open it: its page, /items/{id} (data.itemId). */
const OPENS_ITEM = new Set(['saved_search_match', 'new_item_alert', 'scout_find_alert']);

/**
 * A removal by a moderator can be appealed once (docs/product-rules.md, Moderation): its notification carries the
 * case; this is where the poster writes the appeal.
 */
export function appealLinkOf(notification: Pick<Notification, 'type' | 'data'>): string | null {
  if (notification.type !== 'content_violation') return null;
  const { caseId, kind, reason } = parseNotificationData(notification.data);
  const removal = kind === 'removed' || reason === 'reported';
  return removal && typeof caseId === 'string' && /^[0-9a-f-]{36}$/i.test(caseId) ? `/appeal?case=${caseId}` : null;
}

/** A redemption sent or cancelled opens the shop, where "Your redemptions" shows its status. */
export function redemptionLinkOf(notification: Pick<Notification, 'type'>): string | null {
  return notification.type === 'reward_update' ? '/shop' : null;
}

/** The item page an alert opens, or null for notifications that are not about one item to go and see. */
export function itemLinkOf(notification: Pick<Notification, 'type' | 'data'>): string | null {
  if (!OPENS_ITEM.has(notification.type)) return null;
  const { itemId } = parseNotificationData(notification.data);
  return typeof itemId === 'string' && /^[0-9a-f-]{36}$/i.test(itemId) ? `/items/${itemId}` : null;
}
