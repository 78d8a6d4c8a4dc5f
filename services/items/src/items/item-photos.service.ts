import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ItemError, mediaUrl, storedImageKeys, UploadError } from '@curbside/contracts';
import { createLogger, deleteStoredObjects, OBJECT_STORAGE, type ObjectStorage } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { ItemPhotosRepository } from './item-photos.repository';

/** How long an uploaded item photo waits for its post: the post form keeps a photo while the member writes. */
export const UNPOSTED_PHOTO_HOURS = 24;
/** Photos a member may upload in 24 hours that no post shows (a post takes one; retries and changes of mind fit). */
export const UNPOSTED_PHOTOS_PER_DAY = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;
export const PHOTO_NOT_KEPT_MESSAGE = 'That photo is no longer kept: a photo waits a day for its post. Add the photo again.';

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

  /**
   * Checks, in a post's transaction, that the post may show the photo: the poster uploaded it and it is still kept,
   * or a post of theirs shows it already. The photo's lock holds until the post commits, so the sweep cannot delete
   * it under the post, nor can the deletion of the poster's other post that showed it.
   */
  async admitToPost(manager: EntityManager, imageUrl: string, posterId: string): Promise<void> {
    await this.photos.lock(manager, imageUrl);
    if (await this.photos.ofAnother(manager, imageUrl, posterId)) {
      throw new DomainError(ItemError.PHOTO_IN_USE, "That photo is on another member's post. Add a photo of your own.");
    }
    if (!(await this.photos.keptFor(manager, imageUrl, posterId))) {
      throw new DomainError(ItemError.PHOTO_NOT_KEPT, PHOTO_NOT_KEPT_MESSAGE);
    }
  }

  /**
   * In a deletion's transaction, the stored files of the deleted post's photo, to delete once it commits: none while
   * another post shows the photo. Under the photo's lock, and the upload is forgotten with them, so no post begun
   * meanwhile is admitted with files about to go.
   */
  async filesLeftBy(manager: EntityManager, imageUrl: string | null, itemId: string): Promise<string[]> {
    if (imageUrl === null) return [];
    await this.photos.lock(manager, imageUrl);
    if (await this.photos.shownElsewhere(manager, imageUrl, itemId)) return [];
    const files = storedImageKeys(imageUrl, 'photos');
    await this.photos.forget(manager, files.slice(0, 1));
    return files;
  }

  /**
   * One batch of uploads past their day; answers how many photos it deleted. The files go before the batch's
   * transaction commits: if storage fails, the uploads stay noted for the next sweep.
   */
  async sweepUnposted(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const keys = await this.photos.lockOlder(manager, UNPOSTED_PHOTO_HOURS, SWEEP_BATCH);
      if (keys.length === 0) return 0;
      const shown = await this.photos.shown(manager, keys);
      const unposted = keys.filter((key) => !shown.has(key));
      await deleteStoredObjects(
        this.storage,
        unposted.flatMap((key) => storedImageKeys(mediaUrl(key), 'photos')),
      );
      await this.photos.forget(manager, keys);
      if (unposted.length > 0) this.log.info({ deleted: unposted.length }, 'item photos no post showed deleted');
      return unposted.length;
    });
  }
}
