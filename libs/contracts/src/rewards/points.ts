import type { SubscriptionTier } from '../users/user.schemas';

/** Points for actions (docs/product-rules.md; the shop text's "15" for a scout find is a misprint). */
export const ACTION_POINTS = {
  post_item: 10,
  scout_find: 25,
  pickup_claim: 5,
} as const;

export type PointsReason = keyof typeof ACTION_POINTS;

/** At most this many posts a member a local day earn points (no farming by posting). */
export const DAILY_POST_CREDITS = 10;
/** A post its poster deletes within this long of posting takes its points back (as does a removal after reports). */
export const QUICK_DELETE_MINUTES = 60;

/** Tier multipliers apply to action points, rounded down. */
export const TIER_MULTIPLIER: Record<SubscriptionTier, number> = {
  free: 1,
  basic: 1.2,
  premium: 1.5,
  pro: 2,
};

export function actionPoints(reason: PointsReason, tier: SubscriptionTier): number {
  return Math.floor(ACTION_POINTS[reason] * TIER_MULTIPLIER[tier]);
}

/**
 * Post and scout-find points are pending until the item is picked up (a verified claim), a verified member says it is
 * still there, or this long after the post passes without its deletion or removal (docs/product-rules.md, "Points").
 */
export const PENDING_POINTS_HOURS = 6;
export const PENDING_POINTS_FINAL_AFTER_MS = PENDING_POINTS_HOURS * 60 * 60 * 1000;

/** Whether an action's points wait for the pickup: post and scout-find points do, claim points come with the pickup. */
export const PENDING_REASONS: readonly PointsReason[] = ['post_item', 'scout_find'];
