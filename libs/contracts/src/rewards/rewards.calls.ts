import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';
import { RewardError } from './rewards.errors';
import {
  leaderboardQuerySchema,
  leaderboardReplySchema,
  redeemResponseSchema,
  rewardSchema,
  rewardsSummarySchema,
  userPerkSchema,
  userRewardSchema,
} from './rewards.schemas';

const memberSchema = z.object({ userId: z.uuid() });

/** The rewards service's calls: balances, the shop and the leaderboard. */
export const RewardsCalls = {
  balance: defineCall({
    subject: 'rewards.balance',
    request: memberSchema,
    // `balance`: final points to spend; `pendingPoints`: post points waiting for the pickup (they count toward nothing yet).
    reply: z.object({ userId: z.uuid(), balance: z.number().int(), pendingPoints: z.number().int(), entries: z.number().int() }),
    errors: [],
  }),
  /** Points, rank and badges of one member (the emergency lookup asks it). */
  summary: defineCall({ subject: 'rewards.summary', request: memberSchema, reply: rewardsSummarySchema, errors: [] }),
  catalogue: defineCall({ subject: 'rewards.catalogue', request: z.object({}), reply: z.array(rewardSchema), errors: [] }),
  userRewards: defineCall({ subject: 'rewards.user-rewards', request: z.object({}), reply: z.array(userRewardSchema), errors: [] }),
  redeem: defineCall({
    subject: 'rewards.redeem',
    request: z.object({ rewardId: z.uuid() }),
    reply: redeemResponseSchema,
    errors: [RewardError.NOT_FOUND, RewardError.NOT_ENOUGH_POINTS, RewardError.LIMIT_REACHED],
  }),
  /** The caller's perks: unused ones and running spotlights. */
  perks: defineCall({ subject: 'rewards.perks', request: z.object({}), reply: z.array(userPerkSchema), errors: [] }),
  /** Uses one of the caller's perks once (a spotlight names a post the gateway checked with items.spotlight-check). */
  usePerk: defineCall({
    subject: 'rewards.use-perk',
    request: z.object({ redemptionId: z.uuid(), itemId: z.uuid().optional() }),
    reply: z.object({ success: z.boolean(), message: z.string(), perk: userPerkSchema }),
    errors: [RewardError.PERK_NOT_FOUND, RewardError.PERK_USED, RewardError.PERK_ITEM],
  }),
  leaderboard: defineCall({ subject: 'rewards.leaderboard', request: leaderboardQuerySchema, reply: leaderboardReplySchema, errors: [] }),
};
