import { PENDING_POINTS_HOURS } from '@curbside/contracts/client';
import { plural } from './plural';

/** When post points become final (docs/product-rules.md, "Points"): the words every screen that shows them uses. */
export const PENDING_POINTS_RULE = `final when the item is picked up or confirmed still there (never in its first hour), or after ${PENDING_POINTS_HOURS} hours`;

/** "+10 pending: final when …"; nothing when there are none. */
export function pendingPointsText(pendingPoints: number | undefined): string | null {
  if (!pendingPoints) return null;
  return `+${pendingPoints} pending: ${PENDING_POINTS_RULE}`;
}

/**
 * The two figures of docs/product-rules.md ("Points"), always named: the balance the shop spends, and what was
 * earned in all (never lowered by spending; rank, badges and the leaderboard go by it).
 */
export const pointsToSpend = (points: number): string => `${plural(points, 'point')} to spend`;
export const pointsEarned = (points: number): string => `${plural(points, 'point')} earned`;
