import { z } from 'zod';
import { BADGE_NAMES } from './badges';
import { RANK_NAMES } from './ranks';
import { ADDRESS_LIMITS, DELIVERY_KINDS, REDEMPTION_STATUSES, SPOTLIGHT_HOURS } from './shop-texts';

export const REWARD_CATEGORIES = ['perks', 'merchandise', 'donations'] as const;
export const rewardCategorySchema = z.enum(REWARD_CATEGORIES);
export type RewardCategory = z.infer<typeof rewardCategorySchema>;

export const deliveryKindSchema = z.enum(DELIVERY_KINDS);
export const redemptionStatusSchema = z.enum(REDEMPTION_STATUSES);

/**
 * A donation's running total: every redemption of it not cancelled, with the partner's unit ("312 trees planted by
 * neighbours").
 */
export const donationTotalSchema = z.object({ count: z.number().int().nonnegative(), text: z.string() });

/**
 * A reward of the points shop; `limitPerUser` absent means unlimited. `delivery` says what redeeming it asks for:
 * nothing, a postal address, or the member's confirmed e-mail. Donations carry their total so far.
 */
export const rewardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: rewardCategorySchema,
  pointsCost: z.number().int().positive(),
  limitPerUser: z.number().int().positive().optional(),
  delivery: deliveryKindSchema,
  donated: donationTotalSchema.optional(),
});
export type Reward = z.infer<typeof rewardSchema>;

const addressText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalAddressText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/** Where goods are posted (docs/product-rules.md, "Fulfilment"): seen by the member and administrators only. */
export const postalAddressSchema = z.object({
  name: addressText('Name', ADDRESS_LIMITS.name),
  line1: addressText('Address line 1', ADDRESS_LIMITS.line),
  line2: optionalAddressText('Address line 2', ADDRESS_LIMITS.line),
  city: addressText('City', ADDRESS_LIMITS.city),
  region: optionalAddressText('State or region', ADDRESS_LIMITS.region),
  postalCode: z
    .string({ error: 'Postal code is required' })
    .trim()
    .min(2, 'Postal code is required')
    .max(ADDRESS_LIMITS.postalCode, `Postal code must be at most ${ADDRESS_LIMITS.postalCode} characters`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Postal code may hold letters, digits, spaces and hyphens only'),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .min(2, 'Country is required')
    .max(ADDRESS_LIMITS.country, `Country must be at most ${ADDRESS_LIMITS.country} characters`),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** What a redemption is delivered to, while it is kept (erased 30 days after the redemption closes: null then). */
export const deliveryDetailsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('postal'), address: postalAddressSchema }),
  z.object({ kind: z.literal('email'), email: z.string() }),
]);
export type DeliveryDetails = z.infer<typeof deliveryDetailsSchema>;

/** What every view of a redemption starts with: which reward, for how many points, when. */
const redemptionSchema = z.object({
  id: z.uuid(),
  rewardId: z.uuid(),
  rewardName: z.string(),
  category: rewardCategorySchema,
  pointsCost: z.number().int(),
  redeemedAt: z.string(),
});

/** One redemption by the caller, with its status and (goods only, until erased) where it goes. */
export const userRewardSchema = redemptionSchema.extend({
  status: redemptionStatusSchema,
  /** When it was fulfilled or cancelled. */
  closedAt: z.string().nullable(),
  /** An administrator's reason for a cancellation. */
  cancelReason: z.string().nullable(),
  delivery: deliveryDetailsSchema.nullable(),
});
export type UserReward = z.infer<typeof userRewardSchema>;

/** The redeem body: the spec's client sends its user id (checked, never used); goods sent by post add the address. */
export const redeemBodySchema = z.object({ userId: z.uuid().optional(), address: postalAddressSchema.optional() }).optional();
export type RedeemBody = z.infer<typeof redeemBodySchema>;

/** An open redemption as administrators see it at /admin/fulfilment: who, what, and where it goes. */
export const openRedemptionSchema = redemptionSchema.extend({
  memberId: z.uuid(),
  memberName: z.string().nullable(),
  delivery: deliveryDetailsSchema.nullable(),
});
export type OpenRedemption = z.infer<typeof openRedemptionSchema>;

export const cancelRedemptionBodySchema = z.object({
  reason: z
    .string({ error: 'Give a reason for the cancellation' })
    .trim()
    .min(1, 'Give a reason for the cancellation')
    .max(500, 'The reason must be under 500 characters'),
});
export type CancelRedemptionBody = z.infer<typeof cancelRedemptionBodySchema>;

/** An administrator's decision on a redemption, as it stands after it. */
export const redemptionDecisionSchema = z.object({
  id: z.uuid(),
  status: redemptionStatusSchema,
  /** Points given back to the member (a cancellation), else 0. */
  pointsReturned: z.number().int(),
});
export type RedemptionDecision = z.infer<typeof redemptionDecisionSchema>;

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

export const usePerkBodySchema = z.object({ itemId: z.uuid({ error: 'itemId must be the id of one of your posts' }).optional() }).optional();
export type UsePerkBody = z.infer<typeof usePerkBodySchema>;

/** The answer to using a perk: what happened, and the perk as it is now. */
export const usePerkAnswerSchema = z.object({ success: z.boolean(), message: z.string(), perk: userPerkSchema });
export type UsePerkAnswer = z.infer<typeof usePerkAnswerSchema>;

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
