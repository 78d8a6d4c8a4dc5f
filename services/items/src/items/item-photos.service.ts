import { Inject, Injectable } from '@nestjs/common';
import { DomainError, mediaUrl, storedImageKeys, UploadError } from '@curbside/contracts';
import { createLogger, deleteStoredObjects, OBJECT_STORAGE, type ObjectStorage } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { ItemPhotosRepository } from './item-photos.repository';

/** How long an uploaded item photo waits for its post: the post form keeps a photo while the member writes. */
export const UNPOSTED_PHOTO_HOURS = 24;
/** Photos a member may upload in 24 hours that no post shows (a post takes one; retries and changes of mind fit). */
export const UNPOSTED_PHOTOS_PER_DAY = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
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
    private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * Notes an upload about to be stored; refused past UNPOSTED_PHOTOS_PER_DAY photos a day that no post shows: our
   * photos are served from our origin to anyone with the link, and nobody may use that as free image hosting.
   */
  async expect(photoKey: string, uploaderId: string): Promise<{ expected: true }> {
    await this.dataSource.transaction(async (manager) => {
      const { count, oldest } = await this.photos.lockUnpostedOfDay(manager, uploaderId);
      if (count >= UNPOSTED_PHOTOS_PER_DAY) {
        const retryAfter = oldest ? Math.max(1, Math.ceil((new Date(oldest).getTime() + DAY_MS - Date.now()) / 1000)) : undefined;
        throw new DomainError(
          UploadError.TOO_MANY_UNPOSTED,
          `You uploaded ${UNPOSTED_PHOTOS_PER_DAY} photos in the last 24 hours that are on no post: post the item you have a photo for, or try again later.`,
          retryAfter,
        );
      }
      await this.photos.expect(manager, photoKey, uploaderId);
    });
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
