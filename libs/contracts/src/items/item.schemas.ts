import { z } from 'zod';
import { latitudeSchema, longitudeSchema, positionSchema, radiusMilesSchema } from '../common/geo';
import { RANK_NAMES } from '../rewards/ranks';

export const ITEM_CATEGORIES = ['Furniture', 'Electronics', 'Clothing', 'Books', 'Household', 'Sports', 'Tools', 'Other'] as const;
export const GARAGE_SALE_CATEGORY = 'Garage Sale';
export const ITEM_STATUSES = ['available', 'claimed', 'first_dibs', 'expired', 'removed'] as const;
export const PRICING_TYPES = ['free', 'paid'] as const;

export const itemCategorySchema = z.enum(ITEM_CATEGORIES, { error: 'Category is required' });
export const itemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof itemStatusSchema>;

export const MIN_REWARD_CENTS = 100;
export const MAX_REWARD_CENTS = 10_000;
export const MIN_TIME_LIMIT_HOURS = 1;
export const MAX_TIME_LIMIT_HOURS = 24;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;

/** POST /api/items for a single item. expirationTime and createdAt from the client are ignored. */
export const createItemRequestSchema = z
  .object({
    title: z
      .string({ error: 'Please enter a title for your item.' })
      .trim()
      .min(1, 'Please enter a title for your item.')
      .max(TITLE_MAX, `Title must be under ${TITLE_MAX} characters`),
    description: z.string().trim().max(DESCRIPTION_MAX, `Description must be under ${DESCRIPTION_MAX} characters`).default(''),
    category: itemCategorySchema,
    imageUrl: z.string().max(500).nullish(),
    scoutFind: z.boolean().default(false),
    pricingType: z.enum(PRICING_TYPES, { error: 'Pricing type must be free or paid' }).default('free'),
    customAmount: z
      .number({ error: 'Reward must be a number of cents' })
      .int('Reward must be a whole number of cents')
      .min(MIN_REWARD_CENTS, 'Reward must be between $1 and $100')
      .max(MAX_REWARD_CENTS, 'Reward must be between $1 and $100')
      .nullish(),
    location: positionSchema.optional(),
    timeLimit: z
      .number({ error: 'Time limit must be a number of hours' })
      .int('Time limit must be a whole number of hours')
      .min(MIN_TIME_LIMIT_HOURS, 'Time limit must be between 1 and 24 hours')
      .max(MAX_TIME_LIMIT_HOURS, 'Time limit must be between 1 and 24 hours')
      .default(MAX_TIME_LIMIT_HOURS),
    locationDescription: z.string().trim().max(200, 'Location description must be under 200 characters').nullish(),
    posterId: z.uuid({ error: 'posterId must be a valid id' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.location) ctx.addIssue({ code: 'custom', path: ['location'], message: 'Location is required' });
    if (v.pricingType === 'paid' && v.customAmount == null)
      ctx.addIssue({ code: 'custom', path: ['customAmount'], message: 'Paid items need a reward between $1 and $100' });
  });
export type CreateItemRequest = z.infer<typeof createItemRequestSchema>;

export const feedQuerySchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  radius: radiusMilesSchema.default(5),
  limit: z.coerce.number().int().min(1, 'Limit must be between 1 and 50').max(50, 'Limit must be between 1 and 50').default(50),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const posterSchema = z.object({ id: z.uuid(), username: z.string(), rank: z.enum(RANK_NAMES) });

export const itemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  status: itemStatusSchema,
  posterId: z.uuid(),
  poster: posterSchema,
  claimedBy: z.string().nullable(),
  claimedById: z.uuid().nullable(),
  pricingType: z.enum(PRICING_TYPES),
  customAmount: z.number().int().nullable(),
  timeLimit: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  distance: z.number().optional().describe('Miles from the requested position'),
  locationDescription: z.string().nullable(),
  isScoutFind: z.boolean(),
  isGarageSale: z.boolean(),
  garageSaleAddress: z.string().nullable(),
  garageSaleStartTime: z.string().nullable(),
  garageSaleEndTime: z.string().nullable(),
  garageSaleContactInfo: z.string().nullable(),
  interestCount: z.number().int(),
  voteCount: z.number().int(),
  stillThereCount: z.number().int(),
  lastStillThereCheck: z.string().nullable(),
});
export type Item = z.infer<typeof itemSchema>;

export const itemListSchema = z.array(itemSchema);
