import { z } from 'zod';

/**
 * A pickup-photo check, as a job on the PHOTO_VALIDATION_QUEUE. The photo travels by reference: the caller
 * stores it in object storage under `pickups/` (never served publicly) and the worker reads it from there.
 * `listingPhotoKey` is the item's own (public) photo, which a pickup photo must not be a copy of; a job without it
 * (queued before the field existed) is checked without that comparison.
 */
/** Where a pickup photo is kept: under pickups/, never served (the items service names the key: pickup-admissible). */
export const pickupPhotoKeySchema = z.string().regex(/^pickups\/[0-9a-f-]{36}\.(jpg|png|webp)$/);

export const photoValidationJobSchema = z.object({
  photoKey: pickupPhotoKeySchema,
  itemTitle: z.string(),
  itemCategory: z.string(),
  listingPhotoKey: z
    .string()
    .regex(/^photos\/[0-9a-f-]{36}\.webp$/)
    .optional(),
  /**
   * When the caller stops waiting (epoch ms): a check not done by then helps nobody, so the worker stops trying (and
   * paying for tries) at that time, and skips a job it picks up later. Absent (older callers): no limit of its own.
   */
  deadline: z.number().int().positive().optional(),
});
export type PhotoValidationJob = z.infer<typeof photoValidationJobSchema>;

/** The answer the client shows in the Verify Item Pickup dialog (spec §3: isValid, confidence 0..1, reason). */
export const photoValidationResultSchema = z.object({
  isValid: z.boolean(),
  confidence: z.number().min(0).max(1),
  reason: z.string(),
});
export type PhotoValidationResult = z.infer<typeof photoValidationResultSchema>;

/** What the client sees when no validator could answer (spec §8). */
export const VALIDATION_SERVICE_ERROR: PhotoValidationResult = { isValid: false, confidence: 0, reason: 'Validation service error' };

/** Whether the check failed on our side (down, out of time), rather than answering about the photo. */
export function isValidationServiceError(result: PhotoValidationResult): boolean {
  return result.reason === VALIDATION_SERVICE_ERROR.reason;
}

/** The community standards the check applies (spec §5), given to every validator. */
export const COMMUNITY_STANDARDS = [
  'No real people in the photo (statues and art are allowed).',
  'Nothing inappropriate or sexual.',
  'No alcohol, tobacco, drugs or medications: these are rejected automatically.',
  'The photo should plausibly show the listed item at its pickup spot.',
] as const;
