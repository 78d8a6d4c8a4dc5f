import { z } from 'zod';
import { ResponseHeaders, type RouteContract } from '../http/route-contract';
import { leaderboardEntrySchema, leaderboardQuerySchema, redeemResponseSchema, rewardSchema, userRewardSchema } from './rewards.schemas';
import { RewardsCalls } from './rewards.calls';

const rewardIdParamsSchema = z.object({ rewardId: z.uuid({ error: 'Must be a valid reward id' }) });
const userIdParamsSchema = z.object({ userId: z.uuid({ error: 'Must be a valid id' }) });

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
