import { z } from 'zod';
import { latitudeSchema, longitudeSchema, radiusMilesSchema } from '../common/geo';
import { oneOf } from '../validation/one-of';
import { ALL_CATEGORIES, itemSchema } from './item.schemas';
import { SAVED_SEARCH_LABEL_MAX, SAVED_SEARCH_TEXT_MAX, SAVED_SEARCH_WORDS_MAX, searchWords } from '../client/saved-searches';

// Shared with the browser through the zod-free client entry.
export { SAVED_SEARCH_LIMITS } from '../client/plans';
export {
  AUTO_CLAIM_TIERS,
  AUTO_CLAIMS_PER_DAY,
  SAVED_SEARCH_LABEL_MAX,
  SAVED_SEARCH_TEXT_MAX,
  SAVED_SEARCH_WORDS_MAX,
  searchWords,
} from '../client/saved-searches';

export const createSavedSearchRequestSchema = z
  .object({
    query: z.string().trim().max(SAVED_SEARCH_TEXT_MAX, `Search words must be under ${SAVED_SEARCH_TEXT_MAX} characters`).default(''),
    category: oneOf(ALL_CATEGORIES, 'Category').optional(),
    radius: radiusMilesSchema,
    location: z.object({
      lat: latitudeSchema,
      lng: longitudeSchema,
      /** The member's own name for the place ("Home"); shown to them only. */
      label: z.string().trim().max(SAVED_SEARCH_LABEL_MAX, `The place's name must be under ${SAVED_SEARCH_LABEL_MAX} characters`).optional(),
    }),
    /** A public saved search is a wanted post: listed near its place (blurred), its author alerted first. */
    isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(false),
  })
  .superRefine((v, ctx) => {
    const words = searchWords(v.query);
    if (words.length === 0 && !v.category) ctx.addIssue({ code: 'custom', path: ['query'], message: 'Give some words to look for, or a category' });
    if (words.length > SAVED_SEARCH_WORDS_MAX)
      ctx.addIssue({ code: 'custom', path: ['query'], message: `A saved search looks for at most ${SAVED_SEARCH_WORDS_MAX} words` });
  });
export type CreateSavedSearchRequest = z.infer<typeof createSavedSearchRequestSchema>;

export const savedSearchSchema = z.object({
  id: z.uuid(),
  query: z.string(),
  words: z.array(z.string()),
  category: z.string().nullable(),
  radius: z.number(),
  /** The exact place: only its owner ever sees it. */
  location: z.object({ lat: z.number(), lng: z.number(), label: z.string().nullable() }),
  isPublic: z.boolean(),
  /** Pro's auto-claim: a matching new item is held for the member (or they join its line), at most 3 a day. */
  autoClaim: z.boolean(),
  createdAt: z.string(),
  /** A wanted post hidden from others while a moderator reviews it (present only then; its author alone sees it). */
  inReview: z.literal(true).optional(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
/** PATCH a saved search: auto-claim on (Pro only, checked against the plan the users service gave) or off. */
/**
 * A change to one's own saved search: auto-claim on or off, and/or new words (a wanted post's new words are read by
 * the automated checks again). At least one of the two.
 */
export const savedSearchChangeFields = z.object({
  autoClaim: z.boolean({ error: 'autoClaim must be true or false' }).optional(),
  query: z
    .string({ error: 'query must be text' })
    .trim()
    .max(SAVED_SEARCH_TEXT_MAX, `Search words must be under ${SAVED_SEARCH_TEXT_MAX} characters`)
    .optional(),
});
export const refineSavedSearchChange = (v: { autoClaim?: boolean; query?: string }, ctx: z.RefinementCtx) => {
  if (v.autoClaim === undefined && v.query === undefined)
    ctx.addIssue({ code: 'custom', path: ['autoClaim'], message: 'Say what to change: autoClaim or query' });
  if (v.query !== undefined && searchWords(v.query).length > SAVED_SEARCH_WORDS_MAX) {
    ctx.addIssue({ code: 'custom', path: ['query'], message: `A saved search looks for at most ${SAVED_SEARCH_WORDS_MAX} words` });
  }
};
export const savedSearchChangeSchema = savedSearchChangeFields.superRefine(refineSavedSearchChange);
export type SavedSearchChange = z.infer<typeof savedSearchChangeSchema>;
export const savedSearchListSchema = z.array(savedSearchSchema);

export const wantedQuerySchema = z.object({ lat: latitudeSchema, lng: longitudeSchema, radius: radiusMilesSchema.default(5) });
export type WantedQuery = z.infer<typeof wantedQuerySchema>;

/** A wanted post as everybody sees it: the words, the author's public name and a blurred place (docs/security.md). */
export const wantedPostSchema = z.object({
  id: z.uuid(),
  query: z.string(),
  category: z.string().nullable(),
  member: z.object({ id: z.uuid(), publicName: z.string() }),
  /** 75–150 m from the author's place, in a direction fixed per post, like an item's public position. */
  location: z.object({ lat: z.number(), lng: z.number() }),
  /** Miles from the asked position to the blurred place, to 0.1. */
  distance: z.number(),
  createdAt: z.string(),
  /** The caller's own post, hidden from others while a moderator reviews it (present only then). */
  inReview: z.literal(true).optional(),
});
export type WantedPost = z.infer<typeof wantedPostSchema>;
export const wantedListSchema = z.array(wantedPostSchema);
export const wantedReplySchema = z.object({ posts: wantedListSchema, radiusCap: z.number() });
export type WantedReply = z.infer<typeof wantedReplySchema>;

/** What posting answers: the item, and how many neighbours' wanted posts it matches (they are alerted first). */
export const postedItemSchema = itemSchema.extend({ wantedBy: z.number().int().min(0) });
export type PostedItem = z.infer<typeof postedItemSchema>;
