import { Inject, Injectable } from '@nestjs/common';
import { DomainError, MediaError } from '@curbside/contracts';
import { OBJECT_STORAGE, type ObjectStorage, type StoredObject } from '@curbside/platform';
import { parseMediaKey } from './media.rules';

/** Reads the images that uploads stored. Anything that is not a servable image is simply "not found". */
@Injectable()
export class MediaService {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** The key named by the route's params, checked without touching storage. */
  keyOf(params: unknown): string {
    const key = parseMediaKey(params);
    if (!key) throw photoNotFound();
    return key;
  }

  /** The image's bytes; the caller must consume or destroy the stream. */
  async open(key: string): Promise<StoredObject> {
    const stored = await this.storage.get(key);
    if (!stored) throw photoNotFound();
    return stored;
  }

  /** A client's cached copy is confirmed (304) only while the image still exists. */
  async assertExists(key: string): Promise<void> {
    if (!(await this.storage.stat(key))) throw photoNotFound();
  }
}

function photoNotFound(): DomainError {
  return new DomainError(MediaError.NOT_FOUND, 'Photo not found');
}
