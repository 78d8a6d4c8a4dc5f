import type { Reward, RewardCategory, UserReward } from '@curbside/contracts';

/** Spec §2: the shop's three sections, in order. */
export const SHOP_SECTIONS: ReadonlyArray<{ category: RewardCategory; title: string }> = [
  { category: 'perks', title: 'Perks' },
  { category: 'merchandise', title: 'Merch & Virtual Gift Cards' },
  { category: 'donations', title: 'Donations' },
];

export type Redeemability = { redeemable: true } | { redeemable: false; reason: 'points'; missing: number } | { redeemable: false; reason: 'limit' };

/** A cancelled redemption gave its points back and does not count toward the limit (the server counts the same). */
export function redeemedCount(rewardId: string, redemptions: readonly UserReward[]): number {
  return redemptions.filter((r) => r.rewardId === rewardId && r.status !== 'cancelled').length;
}

/** Spec §4: redeemable with enough points and, for a limited reward, while the member is below its limit. */
export function redeemability(reward: Reward, points: number, redemptions: readonly UserReward[]): Redeemability {
  if (reward.limitPerUser !== undefined && redeemedCount(reward.id, redemptions) >= reward.limitPerUser) return { redeemable: false, reason: 'limit' };
  if (points < reward.pointsCost) return { redeemable: false, reason: 'points', missing: reward.pointsCost - points };
  return { redeemable: true };
}

/** The text beside a disabled Redeem button. */
export function reasonText(state: Redeemability): string | null {
  if (state.redeemable) return null;
  return state.reason === 'limit' ? 'Already redeemed' : `Need ${state.missing} more ${state.missing === 1 ? 'point' : 'points'}`;
}

/** "2/3 redeemed", or "Unlimited" for a reward without a limit. */
export function counterText(reward: Reward, redemptions: readonly UserReward[]): string {
  return reward.limitPerUser === undefined ? 'Unlimited' : `${redeemedCount(reward.id, redemptions)}/${reward.limitPerUser} redeemed`;
}
