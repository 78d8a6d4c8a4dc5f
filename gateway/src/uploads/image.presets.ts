import { ImageUploadLimits } from '@curbside/contracts';

/** How one kind of image is received, processed and stored. */
export interface ImagePreset {
  /** The multipart field that carries the file; the same as the route contract's `multipart.field`. */
  field: string;
  /** Refused past this many bytes while still streaming; the same as the route contract's `multipart.maxBytes`. */
  maxBytes: number;
  /** The long side of the stored image, in pixels; smaller images are never enlarged. */
  maxSide: number;
  /** The long side of the thumbnail, in pixels. */
  thumbnailSide: number;
  /** The folder of the generated keys; it must be one that GET /api/media serves (MEDIA_KEY_PATTERN). */
  keyPrefix: 'photos' | 'avatars';
}

export const ImagePresets = {
  /** POST /api/upload: item and scout photos, shown full width on a phone and as cards in lists. */
  itemPhoto: { ...ImageUploadLimits.itemPhoto, maxSide: 2048, thumbnailSide: 400, keyPrefix: 'photos' },
  /** POST /api/users/:id/profile-picture: shown as a round avatar, at most a few hundred pixels wide. */
  profilePicture: { ...ImageUploadLimits.profilePicture, maxSide: 512, thumbnailSide: 128, keyPrefix: 'avatars' },
} as const satisfies Record<string, ImagePreset>;
