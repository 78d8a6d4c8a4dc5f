import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ClaimError,
  DomainError,
  Events,
  HOLDS_PER_DAY,
  Item,
  ItemError,
  PHOTO_VALIDATION_QUEUE,
  PhotoValidationJob,
  PhotoValidationResult,
  photoValidationResultSchema,
  VALIDATION_SERVICE_ERROR,
  isValidationServiceError,
  storedImageKeys,
} from '@curbside/contracts';
import { createLogger, deleteStoredObjects, EventOutbox, JOB_QUEUE, JobQueue, OBJECT_STORAGE, ObjectStorage, Transaction } from '@curbside/platform';
import { EntityManager } from 'typeorm';
import { ItemEntity } from '../items/item.entity';
import { BlocksRepository } from '../blocks/blocks.repository';
import { ItemsRepository } from '../items/items.repository';
import { ItemsService } from '../items/items.service';
import { PostersService } from '../posters/posters.service';
import { HoldExtensionsRepository } from '../holds/hold-extensions.repository';
import { HoldsRepository } from '../holds/holds.repository';
import { linkedAccounts } from '../impact/impact.rules';
import { ImpactService } from '../impact/impact.service';
import { QueueRepository } from '../queue/queue.repository';
import { ClaimsRepository } from './claims.repository';

export const RESERVATION_MINUTES = 30;
export const VALIDATION_WINDOW_MINUTES = 15;
const VALIDATION_TIMEOUT_MS = 20_000;
export const NO_LONGER_AVAILABLE = 'This item is no longer available';
/** First-dibs holds a member may have at once (docs/security.md): one, three once verified. */
export const ACTIVE_RESERVATIONS = { unverified: 1, verified: 3 } as const;

export function tooManyReservationsMessage(limit: number): string {
  return limit === 1
    ? 'You already have first dibs on an item: pick it up and claim it, or wait until it lapses, before reserving another. Verified neighbours can hold three.'
    : `You already have first dibs on ${limit} items: pick one up and claim it, or wait until one lapses, before reserving another.`;
}
/** Three no-shows within 28 days (docs/product-rules.md, "No-shows"): the refusal names the day holds come back. */
export function holdsSuspendedMessage(until: Date): string {
  const day = until.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return `Three holds you didn't pick up in 28 days: you can take holds again on ${day} (UTC).`;
}
/** docs/product-rules.md, "Holds a day": the refusal names the time (UTC) the next hold is possible. */
export function dailyHoldsMessage(freeAt: Date): string {
  const time = freeAt.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const day = freeAt.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  return `You took ${HOLDS_PER_DAY} holds in the last 24 hours, the most a member may: your next hold is possible at ${time} on ${day} (UTC). You can still claim an item with a pickup photo.`;
}
/** docs/product-rules.md, "Fairness": at most this many verified pickups a member in any rolling 28 days. */
export const PICKUP_QUOTA = 60;
export const PICKUP_QUOTA_DAYS = 28;
export function pickupQuotaMessage(freeAt: Date): string {
  const day = freeAt.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return `You picked up ${PICKUP_QUOTA} items in the last ${PICKUP_QUOTA_DAYS} days, the most a member may: your next pickup is free on ${day} (UTC).`;
}
export const PHOTO_VERIFICATION_FAILED = 'Photo verification failed: take a pickup photo and have it checked before claiming';
/** Unused pickup photos deleted per sweep. */
const PICKUP_SWEEP_BATCH = 200;

/**
 * Claims (docs/product-rules.md). Without a photo: a 30-minute first-dibs reservation. With a photo that passed
 * validate-pickup for this user and item in the last 15 minutes: the claim. Both are one conditional UPDATE
 * (claims.repository.ts), so exactly one neighbour wins however many try at once.
 */
@Injectable()
export class ClaimsService {
  private readonly log = createLogger('claims');

  constructor(
    private readonly outbox: EventOutbox,
    private readonly claims: ClaimsRepository,
    private readonly items: ItemsRepository,
    private readonly itemViews: ItemsService,
    private readonly members: PostersService,
    private readonly queue: QueueRepository,
    private readonly holds: HoldsRepository,
    private readonly blocks: BlocksRepository,
    private readonly extensions: HoldExtensionsRepository,
    private readonly impact: ImpactService,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async claim(itemId: string, callerId: string, photoHash: string | null, device?: string): Promise<{ success: boolean; message: string; item: Item }> {
    await this.refuseBlocked(itemId, callerId);
    const message = await this.outbox.transaction(async (tx) => {
      // The device the member claims from: a pickup between two accounts of one device does not count (Impact).
      await this.impact.noteDevice(tx.manager, callerId, device);
      return photoHash ? this.claimWithPhoto(tx, itemId, callerId, photoHash) : this.reserve(tx, itemId, callerId);
    });
    return { success: true, message, item: await this.itemViews.get(itemId, callerId) };
  }

  /**
   * Whether the member may send a pickup photo for the item, and if so the key to store it under: recorded before the
   * gateway stores it, so that a photo whose check never runs is still found and deleted (sweepUnusedPickupPhotos).
   */
  async assertPickupAdmissible(itemId: string, callerId: string): Promise<{ admissible: true; photoKey: string }> {
    await this.refuseBlocked(itemId, callerId);
    this.assertClaimableBy(await this.existing(itemId), callerId);
    const photoKey = `pickups/${randomUUID()}.webp`;
    await this.claims.expectPickupUpload(photoKey, callerId);
    return { admissible: true, photoKey };
  }

  /**
   * Sends the photo to the validator and records a pass, which the claim then requires. A photo that did not pass
   * (or whose item can no longer be claimed) is deleted at once; a passed one is kept for the claim, and deleted
   * by the sweep when no claim used it within a day.
   */
  async validatePickup(itemId: string, callerId: string, photoKey: string, photoHash: string): Promise<PhotoValidationResult> {
    try {
      const item = await this.existing(itemId);
      this.assertClaimableBy(item, callerId);
      // The listing's own photo goes along: a pickup photo that is only a copy of it proves nobody went there.
      const [listingPhotoKey] = storedImageKeys(item.imageUrl, 'photos');
      const result = await this.check({
        photoKey,
        itemTitle: item.title,
        itemCategory: item.category,
        listingPhotoKey,
        deadline: Date.now() + VALIDATION_TIMEOUT_MS,
      });
      if (!result.isValid) {
        if (isValidationServiceError(result)) await this.holds.noteFailedCheck(itemId, callerId);
        await this.forget([photoKey]);
        return result;
      }
      await this.claims.recordPassedPickup({ itemId, userId: callerId, photoHash, confidence: result.confidence, photoKey });
      return result;
    } catch (err) {
      await this.forget([photoKey]);
      throw err;
    }
  }

  /** Who picked the item up and its photo's key: for the poster only, once it was picked up with a checked photo. */
  async pickup(itemId: string, callerId: string): Promise<{ pickedUpBy: string; pickedUpAt: string; photoKey: string | null }> {
    const row = await this.claims.pickupOf(itemId);
    if (!row || row.status === 'removed') throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
    if (row.poster_id !== callerId) throw new DomainError(ItemError.NOT_POSTER, 'Only the poster sees who picked the item up');
    if (row.status !== 'claimed' || !row.claimed_at) throw new DomainError(ItemError.NOT_PICKED_UP, 'This item has not been picked up yet');
    return { pickedUpBy: row.picked_up_by ?? 'Neighbour', pickedUpAt: new Date(row.claimed_at).toISOString(), photoKey: row.photo_key };
  }

  /** Deletes pickup photos that are no longer needed, and whatever waited for their check. */
  private async forget(keys: string[]): Promise<void> {
    await deleteStoredObjects(this.storage, keys);
    await this.claims.forgetPickupUploads(keys);
  }

  /**
   * Pickup photos no claim used within a day, deleted with their checks; and those whose check never ran (the call
   * failed before it started) an hour after they were asked for.
   */
  async sweepUnusedPickupPhotos(): Promise<number> {
    const unchecked = await this.claims.uncheckedPickupUploads(PICKUP_SWEEP_BATCH);
    if (unchecked.length > 0) await this.forget(unchecked);
    const rows = await this.claims.unusedPickupPhotos(PICKUP_SWEEP_BATCH);
    if (rows.length > 0) {
      await this.forget(rows.map((r) => r.photo_key));
      await this.claims.forgetPasses(rows.map((r) => r.id));
    }
    return unchecked.length + rows.length;
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
    const validation = await this.claims.lockFreshPass(tx.manager, itemId, callerId, photoHash, VALIDATION_WINDOW_MINUTES);
    if (!validation) {
      // Say first whether the item could be claimed at all, then that the photo is missing its check.
      this.assertClaimableBy(await this.existing(itemId, tx.manager), callerId);
      throw new DomainError(ClaimError.PHOTO_FAILED, PHOTO_VERIFICATION_FAILED);
    }
    // The member's claims run one after another (the reservations' lock), so parallel claims cannot pass the quota.
    await this.claims.lockMemberReservations(tx.manager, callerId);
    const freeAt = await this.claims.pickupQuotaFreeAt(tx.manager, callerId, PICKUP_QUOTA, PICKUP_QUOTA_DAYS);
    if (freeAt) {
      this.assertClaimableBy(await this.existing(itemId, tx.manager), callerId);
      throw new DomainError(ClaimError.PICKUP_QUOTA, pickupQuotaMessage(freeAt));
    }
    const claimed = await this.claims.claimIfClaimable(tx.manager, itemId, callerId);
    if (!claimed) return this.explainRefusal(tx, itemId, callerId);
    await this.claims.markPassUsed(tx.manager, validation.id);
    // Weighed in the claim's transaction: counted exactly once, and only for a pickup with a checked photo.
    const notCounted = await this.impact.recordPickup(tx.manager, itemId);
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
      ...(linkedAccounts(notCounted) ? { linkedAccounts: true } : {}),
    });
    await this.holds.end(tx.manager, itemId, callerId, 'picked_up');
    // A verified pickup closes the listing for everyone who waited for it (docs/product-rules.md).
    const queued = await this.queue.clear(tx.manager, itemId);
    tx.emit(Events.itemPickedUp, {
      itemId,
      posterId: claimed.poster_id,
      pickerId: callerId,
      title: claimed.title,
      pickedUpAt: new Date().toISOString(),
      waitingUserIds: await this.queue.waitingMembers(tx.manager, itemId, queued, callerId, claimed.poster_id),
    });
    return 'Item claimed! Enjoy your find.';
  }

  /**
   * First dibs in a transaction of the caller's (a member's auto-claim: auto-claim.service.ts), with every rule of a
   * member's own request: blocked, own item, suspension, hold limit, and one holder however many try at once.
   */
  async reserveIn(tx: Transaction, itemId: string, userId: string): Promise<string> {
    const item = await this.existing(itemId, tx.manager);
    if (await this.blocks.isBlocked(item.posterId, userId, tx.manager)) throw new DomainError(ItemError.NOT_AVAILABLE, NO_LONGER_AVAILABLE);
    this.assertClaimableBy(item, userId);
    return this.reserve(tx, itemId, userId, { autoClaimed: true });
  }

  /**
   * A hold per member at a time (three when verified), so nobody locks a street's items for everybody, and at most
   * HOLDS_PER_DAY started a day, so nobody learns a street's exact spots by holding and releasing: the member's
   * reservations are serialised by a transaction lock, so parallel requests cannot pass either count.
   */
  private async reserve(tx: Transaction, itemId: string, callerId: string, how: { autoClaimed?: true } = {}): Promise<string> {
    await this.claims.lockMemberReservations(tx.manager, callerId);
    const suspendedUntil = await this.holds.suspendedUntil(tx.manager, callerId);
    if (suspendedUntil) {
      this.assertClaimableBy(await this.existing(itemId, tx.manager), callerId);
      throw new DomainError(ClaimError.HOLDS_SUSPENDED, holdsSuspendedMessage(suspendedUntil));
    }
    const held = await this.claims.countHolds(tx.manager, callerId, itemId);
    const limit = (await this.members.member(tx.manager, callerId)).isVerified ? ACTIVE_RESERVATIONS.verified : ACTIVE_RESERVATIONS.unverified;
    if (held >= limit) {
      this.assertClaimableBy(await this.existing(itemId, tx.manager), callerId);
      throw new DomainError(ClaimError.HOLD_LIMIT, tooManyReservationsMessage(limit));
    }
    // Under the member's reservation lock, like the count above: parallel requests cannot pass the day's cap either.
    const freeAt = await this.holds.dailyHoldsFreeAt(tx.manager, callerId);
    if (freeAt) {
      this.assertClaimableBy(await this.existing(itemId, tx.manager), callerId);
      throw new DomainError(ClaimError.DAILY_HOLDS, dailyHoldsMessage(freeAt));
    }
    const reserved = await this.claims.reserveIfClaimable(tx.manager, itemId, callerId, RESERVATION_MINUTES);
    if (!reserved) return this.explainRefusal(tx, itemId, callerId);
    // Extra Reservation Time (docs/product-rules.md, "Perks"): an armed extension makes this hold longer.
    const extended = await this.extensions.extendNewHold(tx.manager, itemId, callerId);
    await this.holds.start(tx.manager, itemId, callerId, how.autoClaimed === true);
    tx.emit(Events.itemReserved, {
      itemId,
      posterId: reserved.poster_id,
      reservedById: callerId,
      title: reserved.title,
      reservedUntil: new Date(extended?.reservedUntil ?? reserved.reserved_until).toISOString(),
      ...how,
    });
    return `First dibs! The item is yours for ${extended?.minutes ?? RESERVATION_MINUTES} minutes: pick it up and claim it with a photo.`;
  }

  /** Why a claim or reservation did not happen, in the words the client maps (spec §8). */
  private async explainRefusal(tx: Transaction, itemId: string, callerId: string): Promise<never> {
    this.assertClaimableBy(await this.existing(itemId, tx.manager), callerId);
    throw new DomainError(ItemError.NOT_AVAILABLE, NO_LONGER_AVAILABLE);
  }

  private async existing(itemId: string, manager?: EntityManager): Promise<ItemEntity> {
    const item = await this.items.find(itemId, manager);
    if (!item || item.status === 'removed') throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
    return item;
  }

  /** A member the poster blocked finds the item unavailable to hold or claim, never told why (docs/product-rules.md, Blocking). */
  private async refuseBlocked(itemId: string, callerId: string): Promise<void> {
    const item = await this.existing(itemId);
    if (await this.blocks.isBlocked(item.posterId, callerId)) throw new DomainError(ItemError.NOT_AVAILABLE, 'This item is no longer available');
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
