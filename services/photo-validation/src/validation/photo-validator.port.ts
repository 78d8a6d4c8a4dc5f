import type { PhotoValidationResult } from '@curbside/contracts';
import type { RgbImage } from './rgb-image';

/** A photo that decoded as an image, with the item the claimer says it shows. */
export interface PhotoToValidate {
  /** The stored bytes (JPEG, PNG or WebP), already known to decode. */
  image: Buffer;
  /** The same photo decoded upright on white at up to DECODED_SIDE (inspectPhoto's), so a local model decodes nothing again. */
  pixels?: RgbImage;
  itemTitle: string;
  itemCategory: string;
  /** The item's own listing photo, when it has one: the pickup photo must not be a copy of it (listing-copy.ts). */
  listingImage?: Buffer;
  /** When the member's wait ends (epoch ms): a remote adapter stops trying then and answers VALIDATION_SERVICE_ERROR. */
  deadline?: number;
}

/**
 * Decides whether a pickup photo plausibly shows the item and meets the community standards (spec §5).
 * Adapters: the local offline model (default) and OpenAI vision (when OPENAI_API_KEY is set).
 */
export interface PhotoValidator {
  /** Shown in metrics and logs: which adapter and model answered. */
  readonly name: string;
  /** Model load plus first check, in ms, once it has happened (null before, and for remote adapters). */
  readonly coldStartMs: number | null;
  /**
   * Resolves with an answer for every photo it was able to look at; an adapter that could not answer at all
   * resolves with VALIDATION_SERVICE_ERROR (OpenAI) or rejects (a local model that failed to load: transient).
   */
  validate(photo: PhotoToValidate): Promise<PhotoValidationResult>;
  /** Loads whatever the first check would otherwise wait for; resolves with how long that took in ms. */
  warmUp(): Promise<number>;
  /** Releases models and connections; a later validate() may load them again. */
  close(): Promise<void>;
}

export const PHOTO_VALIDATOR = Symbol('PHOTO_VALIDATOR');
