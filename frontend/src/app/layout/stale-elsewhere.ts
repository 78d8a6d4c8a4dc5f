import type { StaleElsewhere } from '../../features/notifications/lib/refresh-on-notification';
import { leaderboardQueryOptions } from '../../features/leaderboard/api/get-leaderboard';
import { userRewardsQueryOptions } from '../../features/shop/api/get-user-rewards';

/**
 * What the other features show of a live notification's change (features/notifications/lib/refresh-on-notification.ts):
 * a member's points on the leaderboard, their redemptions in the shop.
 */
export const STALE_ELSEWHERE: StaleElsewhere = {
  member: () => [leaderboardQueryOptions().queryKey],
  rewards: (userId) => [userRewardsQueryOptions(userId).queryKey],
};
