import type { Notification, NotificationType } from '@curbside/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { userItemsQueryOptions } from '../../../lib/items/get-user-items';
import { invalidateItemLists, itemKeys } from '../../../lib/items/item-keys';
import { leaderboardQueryOptions } from '../../leaderboard/api/get-leaderboard';
import { userRewardsQueryOptions } from '../../shop/api/get-user-rewards';
import { userQueryOptions } from '../../../lib/session/api/get-user';

/** What a notification says changed on the server, and so which answers on screen are out of date. */
type Change = 'member' | 'items' | 'topFinds' | 'rewards';

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

/** Everything that shows the member's points, rank or badges: their record, the leaderboard, their own items. */
export function refreshMemberFigures(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryOptions(userId).queryKey }),
    queryClient.invalidateQueries({ queryKey: leaderboardQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: userItemsQueryOptions(userId).queryKey }),
  ]);
}

export function refreshOnNotification(queryClient: QueryClient, userId: string, notification: Pick<Notification, 'type'>): Promise<unknown> {
  const changes = CHANGES[notification.type] ?? [];
  return Promise.all([
    changes.includes('member') ? refreshMemberFigures(queryClient, userId) : undefined,
    changes.includes('items') ? invalidateItemLists(queryClient) : undefined,
    changes.includes('topFinds') ? queryClient.invalidateQueries({ queryKey: itemKeys.topFinds }) : undefined,
    changes.includes('rewards') ? queryClient.invalidateQueries({ queryKey: userRewardsQueryOptions(userId).queryKey }) : undefined,
  ]);
}
