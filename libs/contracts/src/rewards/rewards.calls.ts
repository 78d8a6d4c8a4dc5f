import { z } from 'zod';
import { ItemError } from '../items/items.errors';
import { defineCall } from '../rpc/call-contract';
import { RewardError } from './rewards.errors';
import {
  cancelRedemptionBodySchema,
  leaderboardQuerySchema,
  leaderboardReplySchema,
  openRedemptionSchema,
  postalAddressSchema,
  redeemResponseSchema,
  redemptionDecisionSchema,
  rewardSchema,
  rewardsSummarySchema,
  usePerkAnswerSchema,
  userPerkSchema,
  userRewardSchema,
} from './rewards.schemas';

const redemptionIdSchema = z.object({ redemptionId: z.uuid() });
const decisionErrors = [RewardError.NOT_ADMIN, RewardError.REDEMPTION_NOT_FOUND, RewardError.REDEMPTION_CLOSED];

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
  summary: defineCall({ subject: 'rewards.summary', request: memberSchema, reply: rewardsSummarySchema, errors: [], callers: ['emergency'] }),
  catalogue: defineCall({ subject: 'rewards.catalogue', request: z.object({}), reply: z.array(rewardSchema), errors: [] }),
  userRewards: defineCall({ subject: 'rewards.user-rewards', request: z.object({}), reply: z.array(userRewardSchema), errors: [] }),
  redeem: defineCall({
    subject: 'rewards.redeem',
    request: z.object({ rewardId: z.uuid(), address: postalAddressSchema.optional() }),
    reply: redeemResponseSchema,
    errors: [
      RewardError.NOT_FOUND,
      RewardError.NOT_ENOUGH_POINTS,
      RewardError.LIMIT_REACHED,
      RewardError.ADDRESS_REQUIRED,
      RewardError.DELIVERY_NOT_TAKEN,
      RewardError.EMAIL_REQUIRED,
    ],
  }),
  /** Administrators: the redemptions still to send (goods), oldest first, with what delivery needs. */
  fulfilment: defineCall({ subject: 'rewards.fulfilment', request: z.object({}), reply: z.array(openRedemptionSchema), errors: [RewardError.NOT_ADMIN] }),
  /** Administrators: a requested redemption was sent. */
  fulfil: defineCall({ subject: 'rewards.fulfil', request: redemptionIdSchema, reply: redemptionDecisionSchema, errors: decisionErrors }),
  /** Administrators: a requested redemption is cancelled with a reason, its points given back once. */
  cancelRedemption: defineCall({
    subject: 'rewards.cancel-redemption',
    request: redemptionIdSchema.extend(cancelRedemptionBodySchema.shape),
    reply: redemptionDecisionSchema,
    errors: decisionErrors,
  }),
  /** The caller's perks: unused ones and running spotlights. */
  perks: defineCall({ subject: 'rewards.perks', request: z.object({}), reply: z.array(userPerkSchema), errors: [] }),
  /**
   * Uses one of the caller's perks once (idempotent). A spotlight's post is started by items (items.start-spotlight)
   * while the perk's row is locked, so the perk is spent only on a post that qualifies.
   */
  usePerk: defineCall({
    subject: 'rewards.use-perk',
    request: z.object({ redemptionId: z.uuid(), itemId: z.uuid().optional() }),
    reply: usePerkAnswerSchema,
    errors: [
      RewardError.PERK_NOT_FOUND,
      RewardError.PERK_USED,
      RewardError.PERK_ITEM,
      ItemError.NOT_FOUND,
      ItemError.NOT_POSTER,
      ItemError.NOT_AVAILABLE,
      ItemError.ALREADY_SPOTLIT,
    ],
  }),
  leaderboard: defineCall({ subject: 'rewards.leaderboard', request: leaderboardQuerySchema, reply: leaderboardReplySchema, errors: [] }),
};
