import { z } from 'zod';

/**
 * Item photos labelled by the local model after the post is stored (docs/product-rules.md, Automated checks): the
 * items service adds a job to this queue on `item.posted.v1`; the photo-validation worker answers with
 * `item-photo.labelled.v1` (Events.itemPhotoLabelled), which turns labels into moderation flags.
 */
export const PHOTO_LABELS_QUEUE = 'photo-labels';

/** The photo travels by reference: the item photo the poster uploaded (`photos/<uuid>.webp` in object storage). */
export const photoLabelsJobSchema = z.object({
  itemId: z.uuid(),
  photoKey: z.string().regex(/^photos\/[0-9a-f-]{36}\.webp$/),
});
export type PhotoLabelsJob = z.infer<typeof photoLabelsJobSchema>;

/** What the local model can say about people and adult content: `people` (a person is visible), `adult` (explicit content). */
export const PHOTO_LABELS = ['people', 'adult'] as const;
export const photoLabelSchema = z.object({
  label: z.enum(PHOTO_LABELS),
  /** The detector score behind the label, 0..1. */
  score: z.number().min(0).max(1),
});
export type PhotoLabel = z.infer<typeof photoLabelSchema>;
