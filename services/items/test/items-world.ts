import { randomUUID } from 'node:crypto';
import { Type } from '@nestjs/common';
import {
  Calls,
  CreateGarageSaleRequest,
  CreateSingleItemRequest,
  DomainError,
  Item,
  PHOTO_VALIDATION_QUEUE,
  PhotoValidationJob,
  PostedItem,
  storedImageKeys,
  SubscriptionTier,
  VALIDATION_SERVICE_ERROR,
} from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { DataSource } from 'typeorm';
import { ExpiryScheduler } from '../src/expiry/expiry.scheduler';
import { ItemPhotosService } from '../src/items/item-photos.service';
import { ItemsService } from '../src/items/items.service';
import { itemsService } from '../src/items.definition';

/**
 * The items service on a fresh database of the local PostgreSQL (its real module, repositories and migrations),
 * with the few things the medium tests set up around it: members as items knows them, posted items, and what
 * the service wrote to its outbox.
 */
type MemberOptions = { verified?: boolean; tier?: SubscriptionTier; scoutMode?: boolean; username?: string; accountAgeHours?: number };

export interface ItemsWorld {
  sut: ServiceUnderTest;
  db: DataSource;
  get<T>(type: Type<T>): T;
  /** A member as the posters read model holds them (user.created/updated would write the same row). */
  member(options?: MemberOptions): Promise<string>;
  /**
   * A member the users service calls a moderator (its answer to "is this a moderator?" played by the in-memory broker,
   * which answers no for everyone else); an account of three weeks unless told otherwise.
   */
  moderator(options?: MemberOptions): Promise<string>;
  /** A free single item with a photo of the poster's upload, posted through ItemsService (from `device`, if given). */
  post(posterId: string, overrides?: Partial<CreateSingleItemRequest>, device?: string): Promise<PostedItem>;
  /** A free garage sale starting in an hour, for six hours, posted through ItemsService. */
  postGarageSale(posterId: string, overrides?: Partial<CreateGarageSaleRequest>): Promise<Item>;
  /** Payloads of the events with this subject the service wrote to its outbox, oldest first. */
  emitted<T = Record<string, unknown>>(subject: string): Promise<T[]>;
  /** Whether the photo storage holds this key. */
  stored(key: string): Promise<boolean>;
  /**
   * Runs the expiry sweep and waits until the item's hold, made to lapse by the test, is released. The service's own
   * sweep runs every second too, and a sweep skips the rows another one has locked: whichever of the two takes the
   * row releases it, and until it commits the row still reads as held.
   */
  sweepLapsedHold(itemId: string): Promise<void>;
  /**
   * Runs `steps` with the service's own expiry sweep stopped, then starts it again. That sweep also deletes, once a
   * minute, photos past their time: a test that ages a photo and sweeps it itself would race it (a loaded CI machine
   * saw the service's sweep take such a photo first).
   */
  withoutOwnSweep<T>(steps: () => Promise<T>): Promise<T>;
  /**
   * The photo-validation service, as far as items can tell, passing every pickup photo it is sent, but for those
   * stored under UNCHECKABLE_PHOTO_PREFIX (it answers that the check itself failed: out of time, say) and under
   * REFUSED_PHOTO_PREFIX (it refuses them).
   */
  passEveryPhoto(): Promise<void>;
  stop(): Promise<void>;
}

/** Pickup photos under this prefix meet a check service that fails (passEveryPhoto). */
export const UNCHECKABLE_PHOTO_PREFIX = 'pickups/uncheckable-';
/** Pickup photos under this prefix are refused by the check (passEveryPhoto). */
export const REFUSED_PHOTO_PREFIX = 'pickups/refused-';

export async function startItemsWorld(): Promise<ItemsWorld> {
  const sut = await startServiceUnderTest(itemsService);
  const db = sut.service.runtime.dataSource;
  const get = <T>(type: Type<T>) => sut.service.app.get(type, { strict: false });
  const moderators = new Set<string>();
  let answeringAdminStatus = false;
  const world: ItemsWorld = {
    sut,
    db,
    get,
    async moderator(options = { accountAgeHours: 500 }) {
      if (!answeringAdminStatus) {
        answeringAdminStatus = true;
        sut.infrastructure.rpcBroker.register(Calls.users.adminStatus.subject, (data, respond) => {
          const callerId = (data as { meta: { callerId?: string } }).meta.callerId ?? '';
          respond({ response: { isAdmin: false, isModerator: moderators.has(callerId) }, isDisposed: true });
        });
      }
      const id = await world.member(options);
      moderators.add(id);
      return id;
    },
    async member(options = {}) {
      const userId = randomUUID();
      await db.query(
        `INSERT INTO items.posters (user_id, username, user_version, subscription_tier, is_verified, scout_mode, account_created_at)
         VALUES ($1, $2, 1, $3, $4, $5, now() - make_interval(hours => $6))`,
        [
          userId,
          options.username ?? `member-${userId.slice(0, 8)}`,
          options.tier ?? 'free',
          options.verified ?? false,
          options.scoutMode ?? false,
          options.accountAgeHours ?? 0,
        ],
      );
      return userId;
    },
    async post(posterId, overrides = {}, device) {
      const request = {
        title: 'Oak bookshelf',
        description: 'Solid, a little scratched',
        category: 'Furniture',
        imageUrl: `/api/media/photos/${randomUUID()}.webp`,
        scoutFind: false,
        pricingType: 'free',
        location: { lat: 47.6062, lng: -122.3321 },
        timeLimit: 24,
        ...overrides,
      } as CreateSingleItemRequest;
      // Noted as the gateway notes an upload before storing it, unless the test uploaded it already.
      const [photoKey] = storedImageKeys(request.imageUrl ?? null, 'photos');
      if (photoKey && (await db.query(`SELECT 1 FROM items.photo_uploads WHERE photo_key = $1`, [photoKey])).length === 0) {
        await get(ItemPhotosService).expect(photoKey, posterId);
      }
      return get(ItemsService).post(request, posterId, device);
    },
    postGarageSale(posterId, overrides = {}) {
      const start = new Date(Date.now() + 3600_000);
      return get(ItemsService).post(
        {
          isGarageSale: true,
          title: 'Moving sale',
          description: '',
          category: 'Garage Sale',
          latitude: 47.61,
          longitude: -122.33,
          locationDescription: 'Driveway',
          pricingType: 'free',
          timeLimit: 48,
          garageSaleStartTime: start.toISOString(),
          garageSaleEndTime: new Date(start.getTime() + 6 * 3600_000).toISOString(),
          garageSaleAddress: '1 Pine St',
          garageSaleContactInfo: 'Knock',
          ...overrides,
        } satisfies CreateGarageSaleRequest,
        posterId,
      );
    },
    async emitted<T>(subject: string) {
      const rows: { payload: T }[] = await db.query(`SELECT payload FROM items.outbox_events WHERE subject = $1 ORDER BY occurred_at, id`, [subject]);
      return rows.map((r) => r.payload);
    },
    async stored(key) {
      const object = await sut.infrastructure.storage.get(key);
      object?.body.destroy();
      return object !== null;
    },
    async sweepLapsedHold(itemId) {
      await get(ExpiryScheduler).sweep();
      // Released: no hold that ran out is left on it (the next in line may hold it now, until a time still to come).
      const lapsed = `SELECT 1 FROM items.items WHERE id = $1 AND status = 'first_dibs' AND reserved_until <= now()`;
      await waitFor(async () => (await db.query(lapsed, [itemId])).length === 0, {
        what: `the lapsed hold on ${itemId} released`,
      });
    },
    async withoutOwnSweep(steps) {
      const scheduler = get(ExpiryScheduler);
      await scheduler.stop();
      try {
        return await steps();
      } finally {
        scheduler.start();
      }
    },
    passEveryPhoto: () =>
      sut.infrastructure.jobs.process<PhotoValidationJob, unknown>(PHOTO_VALIDATION_QUEUE, async (job) =>
        job.photoKey.startsWith(UNCHECKABLE_PHOTO_PREFIX)
          ? VALIDATION_SERVICE_ERROR
          : job.photoKey.startsWith(REFUSED_PHOTO_PREFIX)
            ? { isValid: false, confidence: 0.9, reason: 'This does not look like the item' }
            : { isValid: true, confidence: 0.9, reason: 'Looks right' },
      ),
    stop: () => sut.stop(),
  };
  return world;
}

/** The code of the domain error a call was refused with (fails the test when it was not refused that way). */
export async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
  throw new Error('expected the call to be refused');
}
