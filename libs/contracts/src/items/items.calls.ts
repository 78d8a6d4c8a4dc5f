import { z } from 'zod';
import { placeListSchema, placeQuerySchema } from './places.schemas';
import { CallReply, defineCall } from '../rpc/call-contract';
import { UploadError } from '../media/media.errors';
import { itemPhotoKeySchema } from '../media/media.schemas';
import { pickupPhotoKeySchema, photoValidationResultSchema } from '../photos/photo-validation.schemas';
import { UserError } from '../users/users.errors';
import {
  claimResponseSchema,
  commentSchema,
  createCommentRequestSchema,
  createItemRequestSchema,
  createReportRequestSchema,
  feedQuerySchema,
  interestResponseSchema,
  itemListSchema,
  itemSchema,
  monthlyCommentsSchema,
  pickupRecordSchema,
  queueChangeSchema,
  queueViewSchema,
  reportResponseSchema,
  similarItemsQuerySchema,
  stillThereRequestSchema,
  stillThereResponseSchema,
  topFindsQuerySchema,
  updateCommentRequestSchema,
  updateItemRequestSchema,
  voteResponseSchema,
} from './item.schemas';
import { ClaimError, CommentError, ItemError, ReportError } from './items.errors';
import { postedItemSchema } from './saved-searches.schemas';

const itemIdSchema = z.object({ itemId: z.uuid() });
const commentIdSchema = itemIdSchema.extend({ commentId: z.uuid() });
const successSchema = z.object({ success: z.boolean(), message: z.string() });
/** The gateway sends the SHA-256 of a photo, never its bytes, over the bus. */
const photoHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
/** The refusals of acting on an item that is not there for the caller. */
const unavailable = [ItemError.NOT_FOUND, ItemError.NOT_AVAILABLE];
const claimRefusals = [...unavailable, ItemError.OWN_ITEM, ClaimError.NO_ITEM_PHOTO, ClaimError.HOLD_LIMIT];

/**
 * The feed's reply carries its page already serialised (`itemsJson`: the JSON of an Item[], itemListSchema):
 * the gateway sends it on as the HTTP body instead of parsing and re-serialising ~42 KB per 50-item page,
 * work that held the gateway to ~60% of the bare SQL rate on dense searches (bench/README.md).
 */
export const feedReplySchema = z.object({ itemsJson: z.string(), nextCursor: z.string().nullable(), radiusCap: z.number() });
export type FeedReply = z.infer<typeof feedReplySchema>;

/** The items service's calls: items, garage sales, the feed, claims, votes, comments and reports. */
export const ItemsCalls = {
  create: defineCall({
    subject: 'items.create',
    request: createItemRequestSchema,
    reply: postedItemSchema,
    errors: [ItemError.SCOUT_MODE_REQUIRED, UserError.VERIFICATION_REQUIRED, ItemError.PHOTO_IN_USE, ItemError.PHOTO_NOT_KEPT],
  }),
  feed: defineCall({ subject: 'items.feed', request: feedQuerySchema, reply: feedReplySchema, errors: [] }),
  byUser: defineCall({
    subject: 'items.by-user',
    request: z.object({ userId: z.uuid() }),
    reply: itemListSchema,
    errors: [],
    // The emergency lookup shows a member's posts.
    callers: ['gateway', 'emergency'],
  }),
  get: defineCall({ subject: 'items.get', request: itemIdSchema, reply: itemSchema, errors: [ItemError.NOT_FOUND] }),
  update: defineCall({
    subject: 'items.update',
    request: updateItemRequestSchema.and(itemIdSchema),
    reply: itemSchema,
    errors: [ItemError.NOT_FOUND, ItemError.NOT_POSTER, ItemError.NOT_EDITABLE, UserError.VERIFICATION_REQUIRED],
  }),
  delete: defineCall({
    subject: 'items.delete',
    request: itemIdSchema,
    reply: successSchema,
    errors: [ItemError.NOT_FOUND, ItemError.NOT_POSTER, ItemError.NOT_EDITABLE],
  }),
  similar: defineCall({ subject: 'items.similar', request: similarItemsQuerySchema, reply: itemListSchema, errors: [] }),
  /** A US ZIP code or city, for a member who will not share their position (data shipped with the service). */
  findPlaces: defineCall({ subject: 'items.find-places', request: placeQuerySchema, reply: placeListSchema, errors: [] }),
  /** Top finds and the radius they were searched within (the caller's plan cap applied). */
  topFinds: defineCall({
    subject: 'items.top-finds',
    request: topFindsQuerySchema,
    reply: z.object({ items: itemListSchema, radiusCap: z.number() }),
    errors: [],
  }),
  claim: defineCall({
    subject: 'items.claim',
    request: itemIdSchema.extend({ photoHash: photoHashSchema.nullable() }),
    reply: claimResponseSchema,
    errors: [...claimRefusals, ClaimError.PHOTO_FAILED, ClaimError.HOLDS_SUSPENDED, ClaimError.DAILY_HOLDS, ClaimError.PICKUP_QUOTA],
  }),
  /**
   * Told before an item photo is stored (POST /api/upload): noted with its uploader, so that a photo no post shows a
   * day later is deleted with its thumbnail (ItemPhotosService.sweepUnposted) instead of kept for ever.
   */
  expectItemPhoto: defineCall({
    subject: 'items.expect-item-photo',
    request: z.object({ photoKey: itemPhotoKeySchema }),
    reply: z.object({ expected: z.literal(true) }),
    errors: [UploadError.TOO_MANY_UNPOSTED],
  }),
  /** Asked before a pickup photo is stored: the photo of a request that would be refused is never kept. */
  pickupAdmissible: defineCall({
    subject: 'items.pickup-admissible',
    request: itemIdSchema,
    /** `photoKey`: where the gateway stores the photo (recorded first, so that it is deleted even if no check runs). */
    reply: z.object({ admissible: z.literal(true), photoKey: pickupPhotoKeySchema }),
    errors: claimRefusals,
  }),
  validatePickup: defineCall({
    subject: 'items.validate-pickup',
    request: itemIdSchema.extend({ photoKey: pickupPhotoKeySchema, photoHash: photoHashSchema }),
    reply: photoValidationResultSchema,
    errors: claimRefusals,
  }),
  vote: defineCall({
    subject: 'items.vote',
    request: itemIdSchema,
    reply: voteResponseSchema,
    errors: [...unavailable, ItemError.OWN_ITEM, ItemError.ALREADY_VOTED],
  }),
  stillThere: defineCall({
    subject: 'items.still-there',
    request: itemIdSchema.extend({ stillThere: stillThereRequestSchema.shape.stillThere }),
    reply: stillThereResponseSchema,
    errors: [...unavailable, ItemError.OWN_ITEM, ItemError.ALREADY_CONFIRMED],
  }),
  interest: defineCall({ subject: 'items.interest', request: itemIdSchema, reply: interestResponseSchema, errors: unavailable }),
  comments: defineCall({ subject: 'items.comments.list', request: itemIdSchema, reply: z.array(commentSchema), errors: [ItemError.NOT_FOUND] }),
  createComment: defineCall({
    subject: 'items.comments.create',
    request: itemIdSchema.extend({ content: createCommentRequestSchema.shape.content }),
    reply: commentSchema,
    errors: [...unavailable, CommentError.MONTHLY_LIMIT, CommentError.RATE_LIMITED],
  }),
  updateComment: defineCall({
    subject: 'items.comments.update',
    request: commentIdSchema.extend({ content: updateCommentRequestSchema.shape.content }),
    reply: commentSchema,
    errors: [ItemError.NOT_FOUND, CommentError.NOT_FOUND, CommentError.NOT_AUTHOR, CommentError.IN_REVIEW, CommentError.RATE_LIMITED],
  }),
  deleteComment: defineCall({
    subject: 'items.comments.delete',
    request: commentIdSchema,
    reply: successSchema,
    errors: [ItemError.NOT_FOUND, CommentError.NOT_FOUND, CommentError.NOT_AUTHOR],
  }),
  monthlyComments: defineCall({ subject: 'items.comments.monthly', request: z.object({}), reply: monthlyCommentsSchema, errors: [] }),
  report: defineCall({
    subject: 'items.reports.create',
    request: createReportRequestSchema,
    reply: reportResponseSchema,
    errors: [ItemError.NOT_FOUND, ReportError.OWN_ITEM, ReportError.SELF, ReportError.ALREADY_REPORTED, ReportError.TARGET_NOT_FOUND],
  }),
  joinQueue: defineCall({
    subject: 'items.queue.join',
    request: itemIdSchema,
    reply: queueChangeSchema,
    errors: [...unavailable, ItemError.OWN_ITEM, ItemError.NOT_HELD, ItemError.QUEUE_FULL, ItemError.QUEUE_LIMIT, ItemError.ALREADY_QUEUED],
  }),
  leaveQueue: defineCall({
    subject: 'items.queue.leave',
    request: itemIdSchema,
    reply: queueChangeSchema,
    errors: [ItemError.NOT_FOUND, ItemError.NOT_QUEUED],
  }),
  queue: defineCall({ subject: 'items.queue.get', request: itemIdSchema, reply: queueViewSchema, errors: [ItemError.NOT_FOUND] }),
  /** The poster of a paid item or a garage sale puts a member of the line next up (docs/product-rules.md, "Queue"). */
  pickFromQueue: defineCall({
    subject: 'items.queue.pick',
    request: z.object({ itemId: z.uuid(), userId: z.uuid() }),
    reply: queueChangeSchema,
    errors: [
      ItemError.NOT_FOUND,
      ItemError.NOT_POSTER,
      ItemError.NOT_HELD,
      ItemError.PICK_NOT_ALLOWED,
      ItemError.PICK_NOT_IN_LINE,
      ItemError.PICK_AT_HOLD_LIMIT,
      ItemError.PICK_SUSPENDED,
    ],
  }),
  releaseHold: defineCall({ subject: 'items.hold.release', request: itemIdSchema, reply: successSchema, errors: [ItemError.NOT_FOUND, ClaimError.NOT_HOLDER] }),
  /**
   * Rewards only, while it holds the perk's row: starts the spotlight of the caller's own available post, not spotlit
   * already (the post's row locked, so two spotlights at once on one post: one wins). Keyed by the redemption: asked
   * again, it answers the spotlight that redemption started.
   */
  startSpotlight: defineCall({
    subject: 'items.start-spotlight',
    request: z.object({ itemId: z.uuid(), redemptionId: z.uuid(), startedAt: z.string(), endsAt: z.string() }),
    reply: z.object({ itemId: z.uuid(), startedAt: z.string(), endsAt: z.string() }),
    errors: [ItemError.NOT_FOUND, ItemError.NOT_POSTER, ItemError.NOT_AVAILABLE, ItemError.ALREADY_SPOTLIT],
    callers: ['rewards'],
  }),
  pickup: defineCall({
    subject: 'items.pickup.get',
    request: itemIdSchema,
    reply: pickupRecordSchema,
    errors: [ItemError.NOT_FOUND, ItemError.NOT_POSTER, ItemError.NOT_PICKED_UP],
  }),
};

export type TopFindsReply = CallReply<typeof ItemsCalls.topFinds>;
