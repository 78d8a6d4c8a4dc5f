import { z } from 'zod';
import { ResponseHeaders, type RouteContract } from '../http/route-contract';
import {
  leaderboardEntrySchema,
  leaderboardQuerySchema,
  redeemResponseSchema,
  rewardSchema,
  usePerkBodySchema,
  userPerkSchema,
  userRewardSchema,
} from './rewards.schemas';
import { ItemsCalls } from '../items/items.calls';
import { RewardsCalls } from './rewards.calls';

const rewardIdParamsSchema = z.object({ rewardId: z.uuid({ error: 'Must be a valid reward id' }) });
const userIdParamsSchema = z.object({ userId: z.uuid({ error: 'Must be a valid id' }) });
const perkParamsSchema = userIdParamsSchema.extend({ redemptionId: z.uuid({ error: 'Must be a valid perk id' }) });

export const RewardRoutes = {
  listRewards: {
    method: 'get',
    path: '/api/rewards',
    summary: 'The points shop catalogue: perks, merchandise and donations',
    auth: 'public',
    resolvesCaller: false,
    response: z.array(rewardSchema),
    errors: RewardsCalls.catalogue.errors,
    tags: ['rewards'],
  },
  userRewards: {
    method: 'get',
    path: '/api/users/:userId/rewards',
    summary: "The caller's own redemptions (nobody reads another member's)",
    auth: 'session',
    params: userIdParamsSchema,
    response: z.array(userRewardSchema),
    errors: RewardsCalls.userRewards.errors,
    tags: ['rewards'],
  },
  redeemReward: {
    method: 'post',
    path: '/api/rewards/:rewardId/redeem',
    summary: "Redeem a reward with the caller's points: one atomic debit; never below zero, never past the reward's limit",
    auth: 'session',
    params: rewardIdParamsSchema,
    body: z.object({ userId: z.uuid().optional() }).optional(),
    response: redeemResponseSchema,
    status: 200,
    idempotencyKey: true,
    errors: RewardsCalls.redeem.errors,
    tags: ['rewards'],
  },
  userPerks: {
    method: 'get',
    path: '/api/users/:userId/perks',
    summary: "The caller's perks: redeemed but unused (each with a Use), and spotlights still running",
    auth: 'session',
    params: userIdParamsSchema,
    response: z.array(userPerkSchema),
    errors: RewardsCalls.perks.errors,
    tags: ['rewards'],
  },
  usePerk: {
    method: 'post',
    path: '/api/users/:userId/perks/:redemptionId/use',
    summary: 'Use a redeemed perk once; a Spotlight Post names one of the caller\'s available posts as itemId',
    auth: 'session',
    params: perkParamsSchema,
    body: usePerkBodySchema,
    response: RewardsCalls.usePerk.reply,
    status: 200,
    errors: [...ItemsCalls.spotlightAdmissible.errors, ...RewardsCalls.usePerk.errors],
    tags: ['rewards'],
  },
  leaderboard: {
    method: 'get',
    path: '/api/leaderboard',
    summary: 'Members by points earned, highest first; next page: the X-Next-Cursor header',
    auth: 'public',
    resolvesCaller: false,
    query: leaderboardQuerySchema,
    response: z.array(leaderboardEntrySchema),
    headers: ResponseHeaders.nextCursor,
    errors: RewardsCalls.leaderboard.errors,
    tags: ['rewards'],
  },
} as const satisfies Record<string, RouteContract>;
