import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger, EventOutbox } from '@curbside/platform';
import { ClaimsService } from '../claims/claims.service';

const BATCH = 500;

interface Swept {
  id: string;
  poster_id: string;
  title: string;
  status: string;
  expires_at: Date;
}

export interface SweepReport {
  expired: number;
  expiring: number;
  reservationsReleased: number;
  unlisted: number;
}

/**
 * Time-driven item changes, every EXPIRY_SWEEP_MS (30 s): expiry at expiresAt, the poster's one-hour warning, first-dibs
 * reservations that ran out, claimed items leaving the feed when their window ends. Each step is one
 * UPDATE over rows picked with FOR UPDATE SKIP LOCKED, and its events leave in the same transaction, so any
 * number of replicas can sweep at once without a double event.
 */
@Injectable()
export class ExpiryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('expiry');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly outbox: EventOutbox,
    private readonly claims: ClaimsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .then(() => this.claims.sweepUnusedPickupPhotos())
        .catch((err: unknown) => this.log.warn({ err }, 'expiry sweep failed; the next one will retry'))
        .finally(() => (this.running = undefined));
    }, this.config.EXPIRY_SWEEP_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<SweepReport> {
    return this.outbox.transaction(async (tx) => {
      const step = async (where: string, set: string): Promise<Swept[]> => {
        const [rows]: [Swept[], number] = await tx.manager.query(
          `WITH due AS (SELECT id FROM items.items WHERE ${where} ORDER BY expires_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
           UPDATE items.items i SET ${set}, updated_at = now() FROM due WHERE i.id = due.id
           RETURNING i.id, i.poster_id, i.title, i.status, i.expires_at`,
        );
        return rows;
      };
      const expired = await step(`listed AND status = 'available' AND expires_at <= now()`, `status = 'expired', listed = false`);
      for (const item of expired) tx.emit(Events.itemExpired, { itemId: item.id, posterId: item.poster_id, title: item.title });

      const expiring = await step(
        `listed AND status = 'available' AND expiring_notified_at IS NULL AND expires_at > now() AND expires_at <= now() + interval '1 hour'`,
        `expiring_notified_at = now()`,
      );
      for (const item of expiring) {
        tx.emit(Events.itemExpiring, { itemId: item.id, posterId: item.poster_id, title: item.title, expiresAt: new Date(item.expires_at).toISOString() });
      }

      const released = await step(
        `status = 'first_dibs' AND (reserved_until <= now() OR expires_at <= now())`,
        `status = CASE WHEN i.expires_at <= now() THEN 'expired' ELSE 'available' END, reserved_by_id = NULL, reserved_until = NULL,
         listed = i.expires_at > now()`,
      );
      for (const item of released) tx.emit(Events.itemUpdated, { itemId: item.id, posterId: item.poster_id, title: item.title, status: item.status });

      const unlisted = await step(`listed AND status = 'claimed' AND expires_at <= now()`, `listed = false`);
      return { expired: expired.length, expiring: expiring.length, reservationsReleased: released.length, unlisted: unlisted.length };
    });
  }
}
