import { z } from 'zod';
import { BADGE_NAMES } from './badges';
import { RANK_NAMES } from './ranks';

export const REWARD_CATEGORIES = ['perks', 'merchandise', 'donations'] as const;
export const rewardCategorySchema = z.enum(REWARD_CATEGORIES);
export type RewardCategory = z.infer<typeof rewardCategorySchema>;

/** A reward of the points shop; `limitPerUser` absent means unlimited. */
export const rewardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: rewardCategorySchema,
  pointsCost: z.number().int().positive(),
  limitPerUser: z.number().int().positive().optional(),
});
export type Reward = z.infer<typeof rewardSchema>;

/** One redemption by the caller. */
export const userRewardSchema = z.object({
  id: z.uuid(),
  rewardId: z.uuid(),
  pointsCost: z.number().int(),
  redeemedAt: z.string(),
});
export type UserReward = z.infer<typeof userRewardSchema>;

/** `balance`: the caller's points to spend after this redemption, so every screen shows it at once. */
export const redeemResponseSchema = z.object({ success: z.boolean(), message: z.string(), redemptionId: z.uuid(), balance: z.number().int() });

/**
 * The three perks that do something (docs/product-rules.md, "Perks"): a Spotlight Post puts one of the member's
 * available posts first in nearby feeds and on the map for 24 hours; Extra Reservation Time makes the member's next
 * hold last 60 minutes; a Profile Frame puts a golden frame on their picture for good. Each redemption is used once.
 */
export const PERKS = ['spotlight', 'extra_reservation_time', 'profile_frame'] as const;
export const perkSchema = z.enum(PERKS);
export type Perk = z.infer<typeof perkSchema>;
export const SPOTLIGHT_HOURS = 24;
/** A feed shows at most this many spotlights first (the newest); the others stay in their normal place. */
export const SPOTLIGHTS_FIRST_IN_FEED = 2;
export const EXTENDED_HOLD_MINUTES = 60;

/** One perk the caller redeemed: unused (it has a "Use"), or used and, for a spotlight, running until `activeUntil`. */
export const userPerkSchema = z.object({
  redemptionId: z.uuid(),
  perk: perkSchema,
  name: z.string(),
  redeemedAt: z.string(),
  usedAt: z.string().nullable(),
  /** The spotlighted post (spotlights only). */
  itemId: z.uuid().nullable(),
  /** When a used spotlight ends; null for the other perks and unused ones. */
  activeUntil: z.string().nullable(),
});
export type UserPerk = z.infer<typeof userPerkSchema>;

export const usePerkBodySchema = z
  .object({ itemId: z.uuid({ error: 'itemId must be the id of one of your posts' }).optional() })
  .optional();
export type UsePerkBody = z.infer<typeof usePerkBodySchema>;

export const PerkMessages = {
  notFound: 'You have no such perk',
  used: 'You have used this perk already',
  needsItem: 'Choose one of your available posts to spotlight',
  takesNoItem: 'Only a Spotlight Post is used on a post',
  used_spotlight: `Your post is in the spotlight for ${SPOTLIGHT_HOURS} hours: first in nearby feeds and on the map.`,
  used_extra_reservation_time: 'Your next hold lasts 60 minutes.',
  used_profile_frame: 'Your profile picture has its golden frame.',
} as const;
export type RedeemResponse = z.infer<typeof redeemResponseSchema>;

/** What the shop says when a redemption is refused (the client shows it under 'Redemption Failed'). */
export const RewardMessages = {
  notFound: 'Reward not found',
  notEnoughPoints: (cost: number, points: number) => `Not enough points: this reward costs ${cost} points and you have ${points}.`,
  limitReached: (limit: number) => `You have already redeemed this reward ${limit === 1 ? 'once' : `${limit} times`}, its limit per member.`,
  redeemed: (name: string, cost: number) => `${name} is yours. ${cost} points were deducted.`,
} as const;

/** Leaderboard rows: points earned (spending in the shop does not lower them), newest badges last. */
export const leaderboardEntrySchema = z.object({
  id: z.uuid(),
  username: z.string(),
  points: z.number().int(),
  badges: z.array(z.enum(BADGE_NAMES)),
  rank: z.enum(RANK_NAMES),
  scoutMode: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const LEADERBOARD_DEFAULT_LIMIT = 50;
export const LEADERBOARD_MAX_LIMIT = 100;

/**
 * The cursor the rewards service hands out (leaderboard.query.ts): points earned, a PostgreSQL `integer`
 * (0 … 2147483647, as `earned` is in its migration), then the member's UUID. The range and the UUID are in the
 * pattern itself, not in a refinement, so the API document (generated from this schema) states exactly what the
 * gateway accepts, and a cursor the database could not compare is refused here with a 400 instead of failing there.
 */
const INT4_DIGITS =
  '(?:\\d{1,9}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])';
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const LEADERBOARD_CURSOR = new RegExp(`^${INT4_DIGITS}_${UUID}$`);

export const leaderboardQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(LEADERBOARD_MAX_LIMIT, { error: `limit must be at most ${LEADERBOARD_MAX_LIMIT}` })
    .default(LEADERBOARD_DEFAULT_LIMIT),
  cursor: z.string().regex(LEADERBOARD_CURSOR, { error: 'cursor is not one this server gave out; start again without it' }).optional(),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/**
 * Service → gateway: the page already serialised (a LeaderboardEntry[] as JSON, written on as the HTTP body) and
 * the next page's cursor (sent on in the X-Next-Cursor header).
 */
export const leaderboardReplySchema = z.object({ entriesJson: z.string(), nextCursor: z.string().nullable() });
export type LeaderboardReply = z.infer<typeof leaderboardReplySchema>;

/** Service-to-service: a user's standing, for the emergency lookup. */
export const rewardsSummarySchema = z.object({
  points: z.number().int(),
  /** Post and scout-find points waiting for the pickup (docs/product-rules.md, "Points"): in no other figure yet. */
  pendingPoints: z.number().int(),
  earnedPoints: z.number().int(),
  rank: z.enum(RANK_NAMES),
  badges: z.array(z.enum(BADGE_NAMES)),
  redemptions: z.number().int(),
  /** The newest ledger entries, as the emergency lookup lists them. */
  recentActivity: z.array(z.object({ id: z.string(), activityType: z.string(), description: z.string(), createdAt: z.string() })),
});
export type RewardsSummary = z.infer<typeof rewardsSummarySchema>;
