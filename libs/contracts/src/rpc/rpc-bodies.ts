import { z } from 'zod';
import {
  createCommentRequestSchema,
  createItemRequestSchema,
  createReportRequestSchema,
  feedQuerySchema,
  itemSchema,
  stillThereRequestSchema,
  updateCommentRequestSchema,
  updateItemRequestSchema,
} from '../items/item.schemas';
import { createUserRequestSchema, userSchema } from '../users/user.schemas';

/** Bodies of the service calls: what the gateway sends after it has validated the HTTP request. */
export const createUserCallSchema = createUserRequestSchema;
export const getUserCallSchema = z.object({ userId: z.uuid() });
export const resolveSessionCallSchema = z.object({ token: z.string().min(1) });
export const sessionResolutionSchema = z.object({ userId: z.uuid().nullable() });
export const createUserReplySchema = z.object({ user: userSchema, sessionToken: z.string() });
export type CreateUserReply = z.infer<typeof createUserReplySchema>;
export const createItemCallSchema = createItemRequestSchema;
export const feedCallSchema = feedQuerySchema;
export const itemsByUserCallSchema = z.object({ userId: z.uuid() });
export const balanceCallSchema = z.object({ userId: z.uuid() });
export const redeemCallSchema = z.object({ rewardId: z.uuid() });
export const balanceReplySchema = z.object({ userId: z.uuid(), balance: z.number().int(), entries: z.number().int() });

export const revokeSessionCallSchema = z.object({ token: z.string().min(1) });
export const startVerificationCallSchema = z.object({ name: z.string().trim().min(1).max(100), phone: z.string() });
export const confirmVerificationCallSchema = z.object({ phone: z.string(), code: z.string() });
export const setProfilePictureCallSchema = z.object({ url: z.string().startsWith('/api/media/') });

export const itemIdCallSchema = z.object({ itemId: z.uuid() });
export const notificationIdCallSchema = z.object({ notificationId: z.uuid() });
/**
 * The feed's reply carries its page already serialised (`itemsJson`: the JSON of an Item[], itemListSchema):
 * the gateway sends it on as the HTTP body instead of parsing and re-serialising ~42 KB per 50-item page,
 * work that held the gateway to ~60% of the bare SQL rate on dense searches (bench/README.md).
 */
export const feedReplySchema = z.object({ itemsJson: z.string(), nextCursor: z.string().nullable(), radiusCap: z.number() });
export type FeedReply = z.infer<typeof feedReplySchema>;
/** Top finds and the radius they were searched within (the caller's tier cap applied). */
export const topFindsReplySchema = z.object({ items: z.array(itemSchema), radiusCap: z.number() });
export type TopFindsReply = z.infer<typeof topFindsReplySchema>;
export const updateItemCallSchema = updateItemRequestSchema.and(itemIdCallSchema);
/** The gateway sends the SHA-256 of the photo, never its bytes, over the bus. */
export const claimCallSchema = itemIdCallSchema.extend({ photoHash: z.string().regex(/^[0-9a-f]{64}$/).nullable() });
export const validatePickupCallSchema = itemIdCallSchema.extend({ photoKey: z.string(), photoHash: z.string().regex(/^[0-9a-f]{64}$/) });
export const stillThereCallSchema = itemIdCallSchema.extend({ stillThere: stillThereRequestSchema.shape.stillThere });
export const createCommentCallSchema = itemIdCallSchema.extend({ content: createCommentRequestSchema.shape.content });
export const commentCallSchema = itemIdCallSchema.extend({ commentId: z.uuid() });
export const updateCommentCallSchema = commentCallSchema.extend({ content: updateCommentRequestSchema.shape.content });
export const createReportCallSchema = createReportRequestSchema;
