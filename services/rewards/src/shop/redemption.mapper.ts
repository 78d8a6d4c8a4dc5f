import { DeliveryDetails, OpenRedemption, Reward, UserReward } from '@curbside/contracts';
import { CatalogueRow, RedemptionRow } from './redemptions.repository';

export function toReward(row: CatalogueRow): Reward {
  const unit = row.given === 1 ? row.donation_unit_one : row.donation_unit_many;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    category: row.category,
    pointsCost: row.points_cost,
    ...(row.limit_per_user === null ? {} : { limitPerUser: row.limit_per_user }),
    delivery: row.delivery,
    ...(row.category === 'donations' && unit ? { donated: { count: row.given, text: `${row.given} ${unit}` } } : {}),
  };
}

/** Where it goes, while kept (erased 30 days after it closed, and never there for perks and donations). */
function deliveryOf(row: RedemptionRow): DeliveryDetails | null {
  if (row.address) return { kind: 'postal', address: row.address };
  if (row.email) return { kind: 'email', email: row.email };
  return null;
}

/** The fields every view of a redemption starts with (the contracts' redemption schema). */
function redemptionOf(row: RedemptionRow) {
  return {
    id: row.id,
    rewardId: row.reward_id,
    rewardName: row.reward_name,
    category: row.category,
    pointsCost: row.points_cost,
    redeemedAt: new Date(row.created_at).toISOString(),
  };
}

export function toUserReward(row: RedemptionRow): UserReward {
  return {
    ...redemptionOf(row),
    status: row.status,
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    cancelReason: row.cancel_reason,
    delivery: deliveryOf(row),
  };
}

export function toOpenRedemption(row: RedemptionRow): OpenRedemption {
  return {
    ...redemptionOf(row),
    memberId: row.user_id,
    memberName: row.username,
    delivery: deliveryOf(row),
  };
}
