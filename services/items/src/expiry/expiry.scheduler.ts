import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger, EventOutbox, RepeatingSweep, startRepeatingSweep } from '@curbside/platform';
import { ClaimsService } from '../claims/claims.service';
import { ItemPhotosService } from '../items/item-photos.service';
import { QueueService } from '../queue/queue.service';
import { ExpiryRepository } from './expiry.repository';

const BATCH = 500;

export interface SweepReport {
  expired: number;
  expiring: number;
  reservationsReleased: number;
  /** Lapsed holds the queue's next member got (docs/product-rules.md, "Queue"). */
  handedOver: number;
  unlisted: number;
}

/** How often the expiry sweep also deletes unused pickup photos and unposted item photos. */
const PHOTO_SWEEP_MS = 60_000;

/**
 * Time-driven item changes, every EXPIRY_SWEEP_MS (1 s, so a lapsed hold reaches the next member in line within
 * about a second): expiry at expiresAt, the poster's one-hour warning, first-dibs
 * reservations that ran out, claimed items leaving the feed when their window ends. Each step is one
 * UPDATE over rows picked with FOR UPDATE SKIP LOCKED (expiry.repository.ts), and its events leave in the same
 * transaction, so any number of replicas can sweep at once without a double event. Unused photos are swept too,
 * once every PHOTO_SWEEP_MS.
 */
@Injectable()
export class ExpiryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('expiry');
  private sweeps: RepeatingSweep | undefined;
  private photosSweptAt = 0;

  constructor(
    private readonly outbox: EventOutbox,
    private readonly expiry: ExpiryRepository,
    private readonly claims: ClaimsService,
    private readonly photos: ItemPhotosService,
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Starts the repeating sweep: at bootstrap, and again after `stop` (a test that sweeps by hand stops it meanwhile). */
  start(): void {
    this.sweeps ??= startRepeatingSweep(() => this.sweep().then(() => this.sweepPhotosNowAndThen()), {
      everyMs: this.config.EXPIRY_SWEEP_MS,
      onError: (err) => this.log.warn({ err }, 'expiry sweep failed; the next one will retry'),
    });
  }

  /** Stops the repeating sweep, waiting for a run under way. */
  async stop(): Promise<void> {
    const sweeps = this.sweeps;
    this.sweeps = undefined;
    await sweeps?.stop();
  }

  /**
   * Unused pickup photos and unposted item photos are an hour or a day old before they go: looking once a minute is
   * plenty, whatever the sweep's pace.
   */
  private async sweepPhotosNowAndThen(): Promise<void> {
    if (Date.now() - this.photosSweptAt < PHOTO_SWEEP_MS) return;
    this.photosSweptAt = Date.now();
    await this.claims.sweepUnusedPickupPhotos();
    await this.photos.sweepUnposted();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  async sweep(): Promise<SweepReport> {
    return this.outbox.transaction(async (tx) => {
      const expired = await this.expiry.expireDue(tx.manager, BATCH);
      for (const item of expired) tx.emit(Events.itemExpired, { itemId: item.id, posterId: item.poster_id, title: item.title });

      const expiring = await this.expiry.markExpiringWithinHour(tx.manager, BATCH);
      for (const item of expiring) {
        tx.emit(Events.itemExpiring, { itemId: item.id, posterId: item.poster_id, title: item.title, expiresAt: new Date(item.expires_at).toISOString() });
      }

      const released = await this.expiry.releaseLapsedHolds(tx.manager, BATCH);
      let handedOver = 0;
      for (const item of released) {
        tx.emit(Events.itemUpdated, { itemId: item.id, posterId: item.poster_id, title: item.title, status: item.status });
        // The lapsed hold's row is still locked by this transaction: the next member gets it before anyone else can.
        if (item.previous_holder_id && (await this.queue.handOver(tx, item, item.previous_holder_id, 'lapsed'))) handedOver += 1;
      }

      const unlisted = await this.expiry.unlistEndedClaims(tx.manager, BATCH);
      return { expired: expired.length, expiring: expiring.length, reservationsReleased: released.length, handedOver, unlisted: unlisted.length };
    });
  }
}
