import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DELIVERY_KEPT_DAYS } from '@curbside/contracts';
import { createLogger, EventOutbox, RepeatingSweep, startRepeatingSweep } from '@curbside/platform';
import { RedemptionsRepository } from '../shop/redemptions.repository';

/** How often delivery details past their 30 days are looked for; an address outlives its 30 days by at most this. */
export const ERASE_SWEEP_MS = 60 * 60 * 1000;
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Erases postal addresses and e-mail addresses of redemptions closed (fulfilled or cancelled) 30 days ago or more
 * (docs/product-rules.md, "Fulfilment"). Runs at start and then hourly; rows are claimed FOR UPDATE SKIP LOCKED, so
 * replicas sweeping at once erase each once.
 */
@Injectable()
export class EraseDeliveryDetailsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('delivery-erasure');
  private sweeps: RepeatingSweep | undefined;

  constructor(
    private readonly outbox: EventOutbox,
    private readonly redemptions: RedemptionsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps = startRepeatingSweep(() => this.sweep(), {
      everyMs: ERASE_SWEEP_MS,
      atStart: true,
      onError: (err) => this.log.warn({ err }, 'delivery details erasure failed; the next sweep will retry'),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps?.stop();
  }

  /** Erases every delivery detail due by `now`; returns how many. */
  async sweep(now = new Date()): Promise<number> {
    const closedBy = new Date(now.getTime() - DELIVERY_KEPT_DAYS * DAY_MS);
    let total = 0;
    for (;;) {
      const n = await this.outbox.transaction((tx) => this.redemptions.eraseDeliveries(tx.manager, closedBy, BATCH));
      total += n;
      if (n < BATCH) {
        if (total > 0) this.log.info({ erased: total }, 'delivery details erased 30 days after their redemption closed');
        return total;
      }
    }
  }
}
