import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { createLogger, EventOutbox, RepeatingSweep, startRepeatingSweep } from '@curbside/platform';
import { LedgerService } from './ledger.service';

/** How often pending post points are checked for their six hours; a point is final at most this late on the screen. */
export const PENDING_SWEEP_MS = 60_000;
const BATCH = 500;

/**
 * Makes pending post points final six hours after their post (docs/product-rules.md, "Points"). What is final is
 * decided by the post's time, not by when the sweep runs; rows are claimed FOR UPDATE SKIP LOCKED, so replicas
 * sweeping at once finalise each credit once.
 */
@Injectable()
export class FinalisePendingPointsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('pending-points');
  private sweeps: RepeatingSweep | undefined;

  constructor(
    private readonly outbox: EventOutbox,
    private readonly ledger: LedgerService,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps = startRepeatingSweep(() => this.sweep(), {
      everyMs: PENDING_SWEEP_MS,
      onError: (err) => this.log.warn({ err }, 'pending points sweep failed; the next one will retry'),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps?.stop();
  }

  /** Finalises every credit due by `now`; returns how many. */
  async sweep(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.outbox.transaction((tx) => this.ledger.finaliseDue(tx, now, BATCH));
      total += n;
      if (n < BATCH) return total;
    }
  }
}
