import { z } from 'zod';

const MB = 1024 * 1024;

/**
 * The multipart field and byte limit of each image upload (docs/security.md). The gateway cuts an upload off at the
 * limit while it streams; the frontend can check the same numbers before it sends anything.
 */
export const ImageUploadLimits = {
  itemPhoto: { field: 'photo', maxBytes: 5 * MB },
  profilePicture: { field: 'profilePicture', maxBytes: 2 * MB },
} as const satisfies Record<string, { field: string; maxBytes: number }>;

/** Worded as the specs word it: "Please select an image smaller than 5MB." */
export function imageTooLargeMessage(maxBytes: number): string {
  return `Please select an image smaller than ${Math.round(maxBytes / MB)}MB.`;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MEDIA_FOLDERS = ['photos', 'avatars'] as const;
const MEDIA_FILE = `${UUID}(-thumb)?\\.webp`;

/**
 * Only the re-encoded public images the gateway generated can be served: a key outside these folders (another
 * kind of object, such as a private verification photo, or anything hand-made) is never public.
 */
export const MEDIA_KEY_PATTERN = new RegExp(`^(${MEDIA_FOLDERS.join('|')})/${MEDIA_FILE}$`);

/**
 * The same key as two path segments, the way the API document spells GET /api/media/*key: an OpenAPI path
 * parameter never spans a slash, so `{key}` could not describe the URLs the API hands out.
 */
export const mediaPathSegmentsSchema = z.object({
  folder: z.enum(MEDIA_FOLDERS).describe('photos: item photos; avatars: profile pictures'),
  file: z
    .string()
    .regex(new RegExp(`^${MEDIA_FILE}$`))
    .describe('<id>.webp, or <id>-thumb.webp for the small version'),
});

/** Where the gateway stores an uploaded item photo (its thumbnail beside it, `-thumb`). */
export const itemPhotoKeySchema = z.string().regex(new RegExp(`^photos/${UUID}\\.webp$`), 'An item photo key: photos/<id>.webp');

/** Where a stored image is served from: our own origin (docs/security.md). */
export function mediaUrl(key: string): string {
  return `/api/media/${key}`;
}

/**
 * The stored objects behind an image URL the upload handed out in `folder` (/api/media/<folder>/<id>.webp): the image
 * and its thumbnail. None for any other URL: nothing else is ours to delete.
 */
export function storedImageKeys(url: string | null, folder: (typeof MEDIA_FOLDERS)[number]): string[] {
  if (!url || !new RegExp(`^/api/media/${folder}/${UUID}\\.webp$`).test(url)) return [];
  const key = url.slice('/api/media/'.length);
  return [key, key.replace(/\.webp$/, '-thumb.webp')];
}

export const uploadResponseSchema = z.object({
  imageUrl: z.string().describe('The re-encoded photo; the same as url (the client reads either)'),
  url: z.string().describe('The re-encoded photo, e.g. /api/media/photos/<id>.webp'),
  thumbnailUrl: z.string().describe('A small version for lists, at most 400 px on its long side'),
});

export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const mediaParamsSchema = z.object({
  // The key spans path segments: the gateway hands it over as one string, a list of segments is joined.
  key: z
    .preprocess((value) => (Array.isArray(value) ? value.join('/') : value), z.string().regex(MEDIA_KEY_PATTERN))
    .describe('The object key, e.g. photos/<id>.webp'),
});

export type MediaParams = z.infer<typeof mediaParamsSchema>;

/** The bytes of a stored image; OpenAPI describes it under its media type rather than as JSON. */
export const mediaResponseSchema = z.string().meta({ format: 'binary', contentMediaType: 'image/webp' });
