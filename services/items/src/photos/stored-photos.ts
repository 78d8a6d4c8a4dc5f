import { ITEM_PHOTO_URL } from '@curbside/contracts';
import { createLogger, ObjectStorage } from '@curbside/platform';

const log = createLogger('stored-photos');

/** Deletes stored photos, best effort: a failure is logged (pickup photos are swept again daily). */
export async function deleteStoredPhotos(storage: ObjectStorage, keys: string[]): Promise<void> {
  for (const result of await Promise.allSettled(keys.map((key) => storage.delete(key)))) {
    if (result.status === 'rejected') log.warn({ err: result.reason }, 'could not delete a stored photo');
  }
}

/** The stored objects behind an item photo URL (/api/media/photos/<id>.webp): the image and its thumbnail. */
export function itemPhotoKeys(imageUrl: string | null): string[] {
  if (!imageUrl || !ITEM_PHOTO_URL.test(imageUrl)) return [];
  const key = imageUrl.slice('/api/media/'.length);
  return [key, key.replace(/\.webp$/, '-thumb.webp')];
}
