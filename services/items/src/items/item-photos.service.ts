import { Inject, Injectable } from '@nestjs/common';
import { mediaUrl, storedImageKeys } from '@curbside/contracts';
import { createLogger, deleteStoredObjects, OBJECT_STORAGE, type ObjectStorage } from '@curbside/platform';
import { ItemPhotosRepository } from './item-photos.repository';

/** How long an uploaded item photo waits for its post: the post form keeps a photo while the member writes. */
export const UNPOSTED_PHOTO_HOURS = 24;
const SWEEP_BATCH = 200;

/**
 * Item photos from upload to post. The gateway tells this service before it stores one (expect); a day later, a photo
 * no post shows is deleted with its thumbnail, and one a post shows is simply no longer watched: deleting the post
 * deletes it then (ItemsService).
 */
@Injectable()
export class ItemPhotosService {
  private readonly log = createLogger('item-photos');

  constructor(
    private readonly photos: ItemPhotosRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async expect(photoKey: string, uploaderId: string): Promise<{ expected: true }> {
    await this.photos.expect(photoKey, uploaderId);
    return { expected: true };
  }

  /** One batch of uploads past their day; answers how many photos it deleted. */
  async sweepUnposted(): Promise<number> {
    const rows = await this.photos.older(UNPOSTED_PHOTO_HOURS, SWEEP_BATCH);
    if (rows.length === 0) return 0;
    const unposted = rows.filter((r) => !r.shown).map((r) => r.photo_key);
    await deleteStoredObjects(
      this.storage,
      unposted.flatMap((key) => storedImageKeys(mediaUrl(key), 'photos')),
    );
    await this.photos.forget(rows.map((r) => r.photo_key));
    if (unposted.length > 0) this.log.info({ deleted: unposted.length }, 'item photos no post showed deleted');
    return unposted.length;
  }
}
