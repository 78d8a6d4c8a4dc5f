import type { ObjectStorage } from '@curbside/platform';

/** Uploads are capped at 5 MB; anything much bigger under pickups/ was not put there by us. */
export const MAX_STORED_PHOTO_BYTES = 10 * 1024 * 1024;

export type StoredPhoto = { found: true; bytes: Buffer } | { found: false; why: 'missing' | 'too-large' };

/**
 * The photo's bytes, or why there are none. A missing or oversized object is the job's fault and final; a
 * storage that fails to answer throws, so the queue retries the job.
 */
export async function readStoredPhoto(storage: ObjectStorage, key: string): Promise<StoredPhoto> {
  const object = await storage.get(key);
  if (!object) return { found: false, why: 'missing' };
  if (object.size > MAX_STORED_PHOTO_BYTES) {
    object.body.destroy();
    return { found: false, why: 'too-large' };
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of object.body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    total += buffer.length;
    // The size came from the object's metadata; the stream is what counts.
    if (total > MAX_STORED_PHOTO_BYTES) {
      object.body.destroy();
      return { found: false, why: 'too-large' };
    }
    chunks.push(buffer);
  }
  return { found: true, bytes: Buffer.concat(chunks) };
}
