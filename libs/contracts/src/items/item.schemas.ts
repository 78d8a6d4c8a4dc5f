import { z } from 'zod';
import { latitudeSchema, longitudeSchema, positionSchema, radiusMilesSchema } from '../common/geo';
import { RANK_NAMES } from '../rewards/ranks';
import { subscriptionTierSchema } from '../users/user.schemas';
import { oneOf } from '../validation/one-of';
import { isVisiblyEmpty } from '../validation/text';

import {
  COMMENT_MAX,
  DESCRIPTION_MAX,
  FEED_KINDS,
  FEED_PAGE_MAX,
  GARAGE_SALE_CATEGORIES,
  GARAGE_SALE_CATEGORY,
  GARAGE_SALE_DEFAULT_HOURS,
  GARAGE_SALE_MAX_HOURS,
  GARAGE_SALE_MIN_HOURS,
  ITEM_CATEGORIES,
  ITEM_STATUSES,
  MAX_REWARD_CENTS,
  MAX_TIME_LIMIT_HOURS,
  MIN_REWARD_CENTS,
  MIN_TIME_LIMIT_HOURS,
  PRICING_TYPES,
  REPORT_REQUIRED_MESSAGE,
  REPORT_TYPES,
  TITLE_MAX,
  URGENCY_LABELS,
} from '../client/items';

// The constants live in the zod-free client entry (the browser's first screen imports them from there).
export {
  COMMENT_EDITS_PER_HOUR,
  COMMENT_MAX,
  COMMENTS_PER_HOUR,
  DESCRIPTION_MAX,
  ESTABLISHED_ACCOUNT_MS,
  FEED_KINDS,
  FEED_PAGE_MAX,
  FREE_COMMENTS_PER_MONTH,
  GARAGE_SALE_CATEGORIES,
  GARAGE_SALE_CATEGORY,
  GARAGE_SALE_DEFAULT_HOURS,
  GARAGE_SALE_ENDED_MESSAGE,
  GARAGE_SALE_MAX_HOURS,
  GARAGE_SALE_MIN_HOURS,
  HOLDS_PER_DAY,
  isEstablishedMember,
  ITEM_CATEGORIES,
  ITEM_STATUSES,
  MAX_REWARD_CENTS,
  MAX_TIME_LIMIT_HOURS,
  MIN_REWARD_CENTS,
  MIN_TIME_LIMIT_HOURS,
  PRICING_TYPES,
  REPORT_REQUIRED_MESSAGE,
  REPORT_TYPES,
  SCOUT_FIND_HOURS,
  TITLE_MAX,
  URGENCY_LABELS,
  urgencyFor,
  type UrgencyLabel,
} from '../client/items';
export const ALL_CATEGORIES = [...new Set([...ITEM_CATEGORIES, ...GARAGE_SALE_CATEGORIES])] as [string, ...string[]];

export const itemCategorySchema = oneOf(ITEM_CATEGORIES, 'Category');
export const itemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof itemStatusSchema>;

/** Photos come from POST /api/upload; nothing else may be shown as an item's picture. */
export const ITEM_PHOTO_URL = /^\/api\/media\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * The 400 px copy the upload stores beside an item photo (gateway/src/uploads/uploads.service.ts): what lists, cards
 * and link previews show, about an eighth of the photo's bytes. Null for a photo that was not uploaded to us.
 */
export function thumbnailUrlOf(imageUrl: string | null): string | null {
  return imageUrl && ITEM_PHOTO_URL.test(imageUrl) ? imageUrl.replace(/\.webp$/, '-thumb.webp') : null;
}
const photoUrlSchema = z.string().regex(ITEM_PHOTO_URL, 'Upload the photo with POST /api/upload and send the imageUrl it returns');

const titleSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .max(TITLE_MAX, `Title must be under ${TITLE_MAX} characters`)
    .refine((title) => !isVisiblyEmpty(title), required);
const descriptionSchema = z.string().trim().max(DESCRIPTION_MAX, `Description must be under ${DESCRIPTION_MAX} characters`);
const rewardCentsSchema = z
  .number({ error: 'Reward must be a number of cents' })
  .int('Reward must be a whole number of cents')
  .min(MIN_REWARD_CENTS, 'Reward must be between $1 and $100')
  .max(MAX_REWARD_CENTS, 'Reward must be between $1 and $100');
const timeLimitSchema = z
  .number({ error: 'Time limit must be a number of hours' })
  .int('Time limit must be a whole number of hours')
  .min(MIN_TIME_LIMIT_HOURS, 'Time limit must be between 1 and 24 hours')
  .max(MAX_TIME_LIMIT_HOURS, 'Time limit must be between 1 and 24 hours');

/** POST /api/items for a single item or a scout find. expirationTime and createdAt from the client are ignored. */
export const createSingleItemRequestSchema = z
  .object({
    isGarageSale: z.literal(false).optional(),
    title: titleSchema('Please enter a title for your item.'),
    description: descriptionSchema.default(''),
    category: itemCategorySchema,
    imageUrl: photoUrlSchema.nullish(),
    scoutFind: z.boolean().default(false),
    pricingType: oneOf(PRICING_TYPES, 'Pricing type').default('free'),
    customAmount: rewardCentsSchema.nullish(),
    location: positionSchema.optional(),
    timeLimit: timeLimitSchema.default(MAX_TIME_LIMIT_HOURS),
    locationDescription: z.string().trim().max(200, 'Location description must be under 200 characters').nullish(),
    posterId: z.uuid({ error: 'posterId must be a valid id' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.location) ctx.addIssue({ code: 'custom', path: ['location'], message: 'Location is required' });
    if (v.pricingType === 'paid' && v.customAmount == null && !v.scoutFind)
      ctx.addIssue({ code: 'custom', path: ['customAmount'], message: 'Paid items need a reward between $1 and $100' });
    if (v.scoutFind && !v.imageUrl) ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: 'Scout finds need a photo' });
  });
export type CreateSingleItemRequest = z.infer<typeof createSingleItemRequestSchema>;

const isoTime = (missing: string) =>
  z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? missing : 'Please enter a valid date and time') });

/** POST /api/items with isGarageSale true: the garage-sale payload of spec §3, always free. */
export const createGarageSaleRequestSchema = z
  .object({
    isGarageSale: z.literal(true),
    title: titleSchema('Title is required'),
    description: descriptionSchema.default(''),
    category: oneOf(GARAGE_SALE_CATEGORIES, 'Category').default(GARAGE_SALE_CATEGORY),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    locationDescription: z.string({ error: 'Location is required' }).trim().min(1, 'Location is required').max(200, 'Location must be under 200 characters'),
    pricingType: z.literal('free', { error: 'Garage sales are always free' }).default('free'),
    timeLimit: z
      .number({ error: 'Listing duration must be a number of hours' })
      .int('Listing duration must be a whole number of hours')
      .min(GARAGE_SALE_MIN_HOURS, 'Garage sales must be posted for at least 24 hours')
      .max(GARAGE_SALE_MAX_HOURS, 'Maximum 7 days')
      .default(GARAGE_SALE_DEFAULT_HOURS),
    garageSaleStartTime: isoTime('Start date is required'),
    garageSaleEndTime: isoTime('End date is required'),
    garageSaleAddress: z
      .string({ error: 'Full address is required' })
      .trim()
      .min(1, 'Full address is required')
      .max(200, 'Address must be under 200 characters'),
    garageSaleContactInfo: z
      .string({ error: 'Contact information is required' })
      .trim()
      .min(1, 'Contact information is required')
      .max(200, 'Contact information must be under 200 characters'),
    posterId: z.uuid({ error: 'posterId must be a valid id' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (new Date(v.garageSaleEndTime) <= new Date(v.garageSaleStartTime))
      ctx.addIssue({ code: 'custom', path: ['garageSaleEndTime'], message: 'The end must be after the start' });
  });
export type CreateGarageSaleRequest = z.infer<typeof createGarageSaleRequestSchema>;

export const createItemRequestSchema = z.discriminatedUnion('isGarageSale', [createGarageSaleRequestSchema, createSingleItemRequestSchema]);
export type CreateItemRequest = z.infer<typeof createItemRequestSchema>;

/** PATCH /api/items/:id: the poster edits a still-available item (spec §5: title, $1–$100 in whole dollars, 1–24 h). */
export const updateItemRequestSchema = z
  .object({
    userId: z.uuid().optional(),
    title: titleSchema('Please enter a title for your item.').optional(),
    description: descriptionSchema.optional(),
    category: itemCategorySchema.optional(),
    pricingType: oneOf(PRICING_TYPES, 'Pricing type').optional(),
    customAmount: rewardCentsSchema.refine((c) => c % 100 === 0, 'Reward must be whole dollars between $1 and $100').nullish(),
    timeLimit: timeLimitSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.pricingType === 'paid' && v.customAmount == null)
      ctx.addIssue({ code: 'custom', path: ['customAmount'], message: 'Paid items need a reward between $1 and $100' });
  });
export type UpdateItemRequest = z.infer<typeof updateItemRequestSchema>;

export const feedQuerySchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  radius: radiusMilesSchema.default(5),
  limit: z.coerce.number().int().min(1, 'Limit must be between 1 and 50').max(FEED_PAGE_MAX, 'Limit must be between 1 and 50').default(FEED_PAGE_MAX),
  /** Opaque: the X-Next-Cursor header of the previous page. */
  cursor: z.string().max(200).optional(),
  q: z.string().trim().max(100, 'Search text must be under 100 characters').optional(),
  category: oneOf(ALL_CATEGORIES, 'Category').optional(),
  kind: z.enum(FEED_KINDS).default('all'),
  /** "true": only items confirmed in the last 12 hours (and garage sales). */
  recentlyConfirmed: z.enum(['true', 'false'], { error: 'recentlyConfirmed must be true or false' }).optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** Top finds take the spec's two spellings of the position (lat/lng or latitude/longitude). */
export const topFindsQuerySchema = z.preprocess(
  (q) => {
    const v = (q ?? {}) as Record<string, unknown>;
    return { ...v, lat: v.lat ?? v.latitude, lng: v.lng ?? v.longitude };
  },
  z.object({ lat: latitudeSchema, lng: longitudeSchema, radius: radiusMilesSchema.default(5) }),
);
export type TopFindsQuery = z.infer<typeof topFindsQuerySchema>;

export const similarItemsQuerySchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  title: titleSchema('Please enter a title for your item.'),
});
export type SimilarItemsQuery = z.infer<typeof similarItemsQuerySchema>;

export const posterSchema = z.object({ id: z.uuid(), username: z.string(), rank: z.enum(RANK_NAMES) });

export const itemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  /** The photo's 400 px copy, for lists and cards; the full photo is for the item's own page. */
  thumbnailUrl: z.string().nullable(),
  status: itemStatusSchema,
  posterId: z.uuid(),
  poster: posterSchema,
  claimedBy: z.string().nullable(),
  claimedById: z.uuid().nullable(),
  /** Holder of a first-dibs reservation (its owner and the poster only; null for everyone else). */
  reservedById: z.uuid().nullable(),
  reservedUntil: z.string().nullable(),
  pricingType: z.enum(PRICING_TYPES),
  customAmount: z.number().int().nullable(),
  timeLimit: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  urgency: z.enum(URGENCY_LABELS),
  latitude: z.string(),
  longitude: z.string(),
  /** Exact only for the poster and the holder; others get the blurred spot (docs/security.md). */
  exactLocation: z.boolean(),
  distance: z.number().optional().describe('Miles from the requested position'),
  locationDescription: z.string().nullable(),
  isScoutFind: z.boolean(),
  isGarageSale: z.boolean(),
  garageSaleAddress: z.string().nullable(),
  garageSaleStartTime: z.string().nullable(),
  garageSaleEndTime: z.string().nullable(),
  garageSaleContactInfo: z.string().nullable(),
  interestCount: z.number().int(),
  /** Only ever the caller's own id, when they are interested: other people's interest stays private. */
  interestedUserIds: z.array(z.uuid()),
  isInterested: z.boolean(),
  /** Votes of the item's local day. */
  voteCount: z.number().int(),
  hasVotedToday: z.boolean(),
  stillThereCount: z.number().int(),
  lastStillThereCheck: z.string().nullable(),
  commentCount: z.number().int(),
  /** The latest of its posting, another member's "still there", a verified pickup (docs/product-rules.md, "Freshness"). */
  lastConfirmedAt: z.string(),
  /** A curb item nobody confirmed for 12 hours (never a garage sale: those follow their schedule). */
  mayBeGone: z.boolean(),
  /** Members waiting behind the hold (docs/product-rules.md, "Queue"). */
  queueLength: z.number().int(),
  /** The caller's place in that line (1 = next), null when not in it. */
  queuePosition: z.number().int().nullable(),
  /** Only in the poster's own view: the item is in pending review, hidden from everyone else (docs/product-rules.md, Moderation). */
  inReview: z.boolean().optional(),
  /** In a feed or on the map: its poster used a Spotlight Post on it, so it is shown first, labelled (docs/product-rules.md, "Perks"). */
  spotlight: z.boolean().optional(),
});
export type Item = z.infer<typeof itemSchema>;
export const itemListSchema = z.array(itemSchema);

export const claimRequestSchema = z.object({
  userId: z.uuid().optional(),
  /** The pickup photo, base64 without a data: prefix: the same bytes that passed validate-pickup. */
  verificationPhoto: z.string().max(8_000_000, 'Please select an image smaller than 5MB.').optional(),
});
export type ClaimRequest = z.infer<typeof claimRequestSchema>;
export const claimResponseSchema = z.object({ success: z.boolean(), message: z.string(), item: itemSchema });

export const validatePickupRequestSchema = z.object({
  pickupPhoto: z.string({ error: 'Photo required - Please upload a verification photo' }).min(1, 'Photo required - Please upload a verification photo'),
});

export const voteResponseSchema = z.object({ success: z.boolean(), votes: z.number().int(), message: z.string() });
export const stillThereRequestSchema = z.object({ userId: z.uuid().optional(), stillThere: z.boolean().default(true) });
export const stillThereResponseSchema = z.object({ success: z.boolean(), message: z.string(), stillThereCount: z.number().int(), removed: z.boolean() });
export const interestResponseSchema = z.object({ isInterested: z.boolean(), message: z.string(), interestCount: z.number().int() });
export const userIdBodySchema = z.object({ userId: z.uuid().optional() });

export const commentSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  content: z.string(),
  createdAt: z.string(),
  isEdited: z.boolean(),
  /** Only in the author's own view: the comment is in pending review, hidden from everyone else. */
  inReview: z.boolean().optional(),
  user: z.object({ id: z.uuid(), username: z.string(), rank: z.enum(RANK_NAMES), subscriptionTier: subscriptionTierSchema }),
});
export type Comment = z.infer<typeof commentSchema>;
const commentContentSchema = z
  .string({ error: 'Please write something before posting' })
  .trim()
  .min(1, 'Please write something before posting')
  .max(COMMENT_MAX, `Comments must be under ${COMMENT_MAX} characters`);
export const createCommentRequestSchema = z.object({ userId: z.uuid().optional(), content: commentContentSchema });
export const updateCommentRequestSchema = z.object({ content: commentContentSchema });
/** limit null: unlimited (paid tiers). */
export const monthlyCommentsSchema = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
export type MonthlyComments = z.infer<typeof monthlyCommentsSchema>;

/**
 * A report of an item (reportedItemId), of a comment (reportedCommentId, with its item), of a wanted post
 * (reportedWantedId) or of a member (reportedUserId alone). One report per member per item, comment, wanted post or
 * member.
 */
export const createReportRequestSchema = z
  .object({
    reporterId: z.uuid().optional(),
    reportedUserId: z.uuid({ error: 'reportedUserId must be a valid id' }).nullish(),
    reportedItemId: z.uuid({ error: 'reportedItemId must be a valid id' }).nullish(),
    reportedCommentId: z.uuid({ error: 'reportedCommentId must be a valid id' }).nullish(),
    reportedWantedId: z.uuid({ error: 'reportedWantedId must be a valid id' }).nullish(),
    reportType: oneOf(REPORT_TYPES, 'Report type', REPORT_REQUIRED_MESSAGE),
    reason: z.string({ error: REPORT_REQUIRED_MESSAGE }).trim().min(1, REPORT_REQUIRED_MESSAGE).max(200, 'The reason must be under 200 characters'),
    details: z.string().trim().max(1000, 'Details must be under 1000 characters').nullish(),
  })
  .refine((r) => r.reportedItemId || r.reportedCommentId || r.reportedWantedId || r.reportedUserId, {
    error: 'Say what you are reporting: an item, a comment, a wanted post or a member',
    path: ['reportedItemId'],
  });
export type CreateReportRequest = z.infer<typeof createReportRequestSchema>;
export const reportResponseSchema = z.object({ success: z.boolean(), message: z.string(), id: z.uuid() });

/** GET /api/items/{id}/queue: the poster sees every member (in order); anyone else their own place and the length. */
/** "picked up N of M holds" over 90 days; null under 3 holds (docs/product-rules.md, "No-shows"). */
export const reliabilitySchema = z.object({ pickedUp: z.number().int(), holds: z.number().int() }).nullable();
export type Reliability = z.infer<typeof reliabilitySchema>;
export const queueMemberSchema = z.object({
  userId: z.uuid(),
  publicName: z.string(),
  position: z.number().int(),
  joinedAt: z.string(),
  reliability: reliabilitySchema,
});
export type QueueMember = z.infer<typeof queueMemberSchema>;
export const queueViewSchema = z.object({
  length: z.number().int(),
  /** The caller's place (1 = next), null when not in the line. */
  position: z.number().int().nullable(),
  /** Only for the item's poster; null for everybody else. */
  members: z.array(queueMemberSchema).nullable(),
  /** For the poster: the current holder's reliability; null for everybody else (and under 3 holds). */
  holderReliability: reliabilitySchema,
});
export type QueueView = z.infer<typeof queueViewSchema>;
export const queueChangeSchema = z.object({ success: z.boolean(), message: z.string(), queue: queueViewSchema });
export type QueueChange = z.infer<typeof queueChangeSchema>;

/** GET /api/items/{id}/pickup, for the item's poster only: who picked it up, when, and the pickup photo. */
export const pickupViewSchema = z.object({
  pickedUpBy: z.string(),
  pickedUpAt: z.string(),
  /** The checked pickup photo as a data: URL; null once it was deleted with the item's other photos. */
  photoDataUrl: z.string().nullable(),
});
export type PickupView = z.infer<typeof pickupViewSchema>;
/** The items service's answer: the photo's storage key, read by the gateway (photos never cross the bus). */
export const pickupRecordSchema = z.object({ pickedUpBy: z.string(), pickedUpAt: z.string(), photoKey: z.string().nullable() });
