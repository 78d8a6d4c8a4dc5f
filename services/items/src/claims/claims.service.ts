import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ClaimError,
  DomainError,
  Events,
  Item,
  ItemError,
  PHOTO_VALIDATION_QUEUE,
  PhotoValidationJob,
  PhotoValidationResult,
  photoValidationResultSchema,
  VALIDATION_SERVICE_ERROR,
} from '@curbside/contracts';
import { createLogger, EventOutbox, JOB_QUEUE, JobQueue, OBJECT_STORAGE, ObjectStorage, Transaction } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { ItemEntity } from '../items/item.entity';
import { ItemsRepository } from '../items/items.repository';
import { ItemsService } from '../items/items.service';
import { deleteStoredPhotos } from '../photos/stored-photos';
import { PostersService } from '../posters/posters.service';

export const RESERVATION_MINUTES = 30;
export const VALIDATION_WINDOW_MINUTES = 15;
const VALIDATION_TIMEOUT_MS = 20_000;
export const NO_LONGER_AVAILABLE = 'This item is no longer available';
/** First-dibs holds a member may have at once (DESIGN §3): one, three once verified. */
export const ACTIVE_RESERVATIONS = { unverified: 1, verified: 3 } as const;

export function tooManyReservationsMessage(limit: number): string {
  return limit === 1
    ? 'You already have first dibs on an item: pick it up and claim it, or wait until it lapses, before reserving another. Verified neighbours can hold three.'
    : `You already have first dibs on ${limit} items: pick one up and claim it, or wait until one lapses, before reserving another.`;
}
export const PHOTO_VERIFICATION_FAILED = 'Photo verification failed: take a pickup photo and have it checked before claiming';

interface ChangedItem {
  poster_id: string;
  title: string;
  pricing_type: 'free' | 'paid';
  custom_amount: number | null;
  is_scout_find: boolean;
  reserved_until: Date;
}

/**
 * Claims (DESIGN §4). Without a photo: a 30-minute first-dibs reservation. With a photo that passed
 * validate-pickup for this user and item in the last 15 minutes: the claim. Both are one conditional UPDATE,
 * so exactly one neighbour wins however many try at once.
 */
@Injectable()
export class ClaimsService {
  private readonly log = createLogger('claims');

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly items: ItemsRepository,
    private readonly itemViews: ItemsService,
    private readonly members: PostersService,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async claim(itemId: string, callerId: string, photoHash: string | null): Promise<{ success: boolean; message: string; item: Item }> {
    const message = await this.outbox.transaction((tx) => (photoHash ? this.claimWithPhoto(tx, itemId, callerId, photoHash) : this.reserve(tx, itemId, callerId)));
    return { success: true, message, item: await this.itemViews.get(itemId, callerId) };
  }

  async assertPickupAdmissible(itemId: string, callerId: string): Promise<{ admissible: true }> {
    this.assertClaimableBy(await this.existing(this.dataSource.manager, itemId), callerId);
    return { admissible: true };
  }

  /**
   * Sends the photo to the validator and records a pass, which the claim then requires. A photo that did not pass
   * (or whose item can no longer be claimed) is deleted at once; a passed one is kept for the claim, and deleted
   * by the sweep when no claim used it within a day.
   */
  async validatePickup(itemId: string, callerId: string, photoKey: string, photoHash: string): Promise<PhotoValidationResult> {
    try {
      const item = await this.existing(this.dataSource.manager, itemId);
      this.assertClaimableBy(item, callerId);
      const result = await this.check({ photoKey, itemTitle: item.title, itemCategory: item.category });
      if (!result.isValid) {
        await this.forget([photoKey]);
        return result;
      }
      await this.dataSource.query(
        `INSERT INTO items.pickup_validations (id, item_id, user_id, photo_hash, confidence, photo_key) VALUES ($1, $2, $3, $4, $5, $6)`,
        [randomUUID(), itemId, callerId, photoHash, result.confidence, photoKey],
      );
      return result;
    } catch (err) {
      await this.forget([photoKey]);
      throw err;
    }
  }

  private forget(keys: string[]): Promise<void> {
    return deleteStoredPhotos(this.storage, keys);
  }

  /** Pickup photos no claim used within a day: deleted, and their checks forgotten with them. */
  async sweepUnusedPickupPhotos(): Promise<number> {
    const rows: { id: string; photo_key: string }[] = await this.dataSource.query(
      `SELECT id, photo_key FROM items.pickup_validations
       WHERE used_at IS NULL AND photo_key IS NOT NULL AND created_at < now() - interval '1 day'
       ORDER BY created_at LIMIT 200`,
    );
    if (rows.length === 0) return 0;
    await this.forget(rows.map((r) => r.photo_key));
    await this.dataSource.query(`DELETE FROM items.pickup_validations WHERE id = ANY ($1)`, [rows.map((r) => r.id)]);
    return rows.length;
  }

  private async check(job: PhotoValidationJob): Promise<PhotoValidationResult> {
    try {
      const answer = await this.jobs.addAndWait(PHOTO_VALIDATION_QUEUE, job, { timeoutMs: VALIDATION_TIMEOUT_MS, attempts: 2, backoffMs: 500 });
      return photoValidationResultSchema.parse(answer);
    } catch (err) {
      this.log.warn({ err }, 'pickup photo check failed');
      return VALIDATION_SERVICE_ERROR;
    }
  }

  private async claimWithPhoto(tx: Transaction, itemId: string, callerId: string, photoHash: string): Promise<string> {
    const [validation]: { id: string }[] = await tx.manager.query(
      `SELECT id FROM items.pickup_validations
       WHERE item_id = $1 AND user_id = $2 AND photo_hash = $3 AND used_at IS NULL
         AND created_at > now() - interval '${VALIDATION_WINDOW_MINUTES} minutes'
       ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [itemId, callerId, photoHash],
    );
    if (!validation) {
      // Say first whether the item could be claimed at all, then that the photo is missing its check.
      this.assertClaimableBy(await this.existing(tx.manager, itemId), callerId);
      throw new DomainError(ClaimError.PHOTO_FAILED, PHOTO_VERIFICATION_FAILED);
    }
    const [claimed] = await this.conditionalUpdate(
      tx,
      `status = 'claimed', claimed_by_id = $2, claimed_at = now(), reserved_by_id = NULL, reserved_until = NULL`,
      `(status = 'available' OR (status = 'first_dibs' AND reserved_by_id = $2))`,
      itemId,
      callerId,
    );
    if (!claimed) return this.explainRefusal(tx, itemId, callerId);
    await tx.manager.query(`UPDATE items.pickup_validations SET used_at = now() WHERE id = $1`, [validation.id]);
    tx.emit(Events.itemClaimed, {
      itemId,
      posterId: claimed.poster_id,
      claimerId: callerId,
      title: claimed.title,
      pricingType: claimed.pricing_type,
      customAmount: claimed.custom_amount,
      isScoutFind: claimed.is_scout_find,
      claimedAt: new Date().toISOString(),
      claimerTier: (await this.members.member(tx.manager, callerId)).subscriptionTier,
    });
    return 'Item claimed! Enjoy your find.';
  }

  /**
   * A hold per member at a time (three when verified), so nobody locks a street's items for everybody: the
   * member's reservations are serialised by a transaction lock, so parallel requests cannot pass the count.
   */
  private async reserve(tx: Transaction, itemId: string, callerId: string): Promise<string> {
    await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtext('reservations:' || $1))`, [callerId]);
    const [{ held }]: { held: number }[] = await tx.manager.query(
      `SELECT count(*)::int AS held FROM items.items
       WHERE reserved_by_id = $1 AND status = 'first_dibs' AND reserved_until > now() AND id <> $2`,
      [callerId, itemId],
    );
    const limit = (await this.members.member(tx.manager, callerId)).isVerified ? ACTIVE_RESERVATIONS.verified : ACTIVE_RESERVATIONS.unverified;
    if (held >= limit) {
      this.assertClaimableBy(await this.existing(tx.manager, itemId), callerId);
      throw new DomainError(ClaimError.HOLD_LIMIT, tooManyReservationsMessage(limit));
    }
    const [reserved] = await this.conditionalUpdate(
      tx,
      `status = 'first_dibs', reserved_by_id = $2, reserved_until = now() + interval '${RESERVATION_MINUTES} minutes'`,
      `status = 'available'`,
      itemId,
      callerId,
    );
    if (!reserved) return this.explainRefusal(tx, itemId, callerId);
    tx.emit(Events.itemReserved, {
      itemId,
      posterId: reserved.poster_id,
      reservedById: callerId,
      title: reserved.title,
      reservedUntil: new Date(reserved.reserved_until).toISOString(),
    });
    return `First dibs! The item is yours for ${RESERVATION_MINUTES} minutes: pick it up and claim it with a photo.`;
  }

  /** One statement decides: claimable (listed, unexpired, has a photo, not the poster's) and in the right state. */
  private async conditionalUpdate(tx: Transaction, set: string, state: string, itemId: string, callerId: string): Promise<ChangedItem[]> {
    const [rows]: [ChangedItem[], number] = await tx.manager.query(
      `UPDATE items.items SET ${set}, updated_at = now()
       WHERE id = $1 AND listed AND expires_at > now() AND poster_id <> $2 AND image_url IS NOT NULL AND ${state}
       RETURNING poster_id, title, pricing_type, custom_amount, is_scout_find, reserved_until`,
      [itemId, callerId],
    );
    return rows;
  }

  /** Why a claim or reservation did not happen, in the words the client maps (spec §8). */
  private async explainRefusal(tx: Transaction, itemId: string, callerId: string): Promise<never> {
    this.assertClaimableBy(await this.existing(tx.manager, itemId), callerId);
    throw new DomainError(ItemError.NOT_AVAILABLE, NO_LONGER_AVAILABLE);
  }

  private async existing(manager: EntityManager, itemId: string): Promise<ItemEntity> {
    const item = await manager.findOneBy(ItemEntity, { id: itemId });
    if (!item || item.status === 'removed') throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
    return item;
  }

  private assertClaimableBy(item: ItemEntity, callerId: string): void {
    if (item.posterId === callerId) throw new DomainError(ItemError.OWN_ITEM, "You can't claim your own item");
    if (!item.imageUrl) throw new DomainError(ClaimError.NO_ITEM_PHOTO, 'Items without a photo cannot be claimed');
    const heldByCaller = item.status === 'first_dibs' && item.reservedById === callerId;
    if (!item.listed || item.expiresAt.getTime() <= Date.now() || !(item.status === 'available' || heldByCaller)) {
      throw new DomainError(ItemError.NOT_AVAILABLE, NO_LONGER_AVAILABLE);
    }
  }
}
