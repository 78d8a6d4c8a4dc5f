import { createLogger } from '../logging/logger';
import type { ObjectStorage } from './object-storage.port';

const log = createLogger('storage');

/**
 * Deletes stored objects nothing needs any more, best effort: a failure is logged and the object stays (the sweeps
 * that own a folder find theirs again; others are left for an operator).
 */
export async function deleteStoredObjects(storage: ObjectStorage, keys: string[]): Promise<void> {
  for (const [i, result] of (await Promise.allSettled(keys.map((key) => storage.delete(key)))).entries()) {
    if (result.status === 'rejected') log.warn({ err: result.reason, key: keys[i] }, 'could not delete a stored object');
  }
}
