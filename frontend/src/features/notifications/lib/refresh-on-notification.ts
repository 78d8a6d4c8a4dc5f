import type { Notification, NotificationType } from '@curbside/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { userItemsQueryOptions } from '../../../lib/items/get-user-items';
import { ITEM_LIST_KEYS, itemKeys } from '../../../lib/items/item-keys';
import { userQueryOptions } from '../../../lib/session/api/get-user';

/** What a notification says changed on the server, and so which answers on screen are out of date. */
export type Change = 'member' | 'items' | 'topFinds' | 'rewards';

/**
 * Which figures each notification makes stale (docs/product-rules.md, "Points"): a badge or rank means points,
 * rank and badges moved (the member's record, the leaderboard, their activity); an alert about an item means a
 * feed, the map or an item page lacks it or shows it wrongly; a voting prompt means Top Finds changed.
 */
const CHANGES: Record<NotificationType, readonly Change[]> = {
  new_item_alert: ['items'],
  scout_find_alert: ['items'],
  first_dibs_confirmation: ['items'],
  pickup_request: ['items', 'member'],
  ranking_update: ['member'],
  ranking_alert: ['member'],
  voting_prompt: ['topFinds'],
  post_expiring: ['items'],
  scout_confirmation: ['items', 'member'],
  handover_message: [],
  content_violation: ['items', 'member'],
  you_are_up: ['items'],
  queue_skipped: ['items'],
  item_picked_up: ['items', 'member'],
  saved_search_match: ['items'],
  moderation_update: ['items', 'member'],
  // A redemption sent or cancelled: its status, and on a cancellation the points given back.
  reward_update: ['member', 'rewards'],
};

/**
 * What other features show of a change, named by the app (a feature does not import another): the leaderboard shows
 * the member's points, the shop their redemptions.
 */
export type StaleElsewhere = Partial<Record<Change, (userId: string) => readonly QueryKey[]>>;

/** What the shared layers show of each change: the member's record and own items; the item lists; Top Finds. */
const STALE: Record<Change, (userId: string) => readonly QueryKey[]> = {
  member: (userId) => [userQueryOptions(userId).queryKey, userItemsQueryOptions(userId).queryKey],
  items: () => ITEM_LIST_KEYS,
  topFinds: () => [itemKeys.topFinds],
  rewards: () => [],
};

export function refreshOnNotification(
  queryClient: QueryClient,
  userId: string,
  notification: Pick<Notification, 'type'>,
  elsewhere: StaleElsewhere = {},
): Promise<unknown> {
  const changes = CHANGES[notification.type] ?? [];
  const keys = changes.flatMap((change) => [...STALE[change](userId), ...(elsewhere[change]?.(userId) ?? [])]);
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
}
