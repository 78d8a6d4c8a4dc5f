import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RepeatingSweep, startRepeatingSweep } from '@curbside/platform';
import { MessagesService } from './messages.service';

const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Deletes handover threads 90 days after their item closed (docs/product-rules.md); reads already hide them from
 * that moment, so the hourly pace only decides when the rows go. Replicas may both run it: a DELETE twice is harmless.
 */
@Injectable()
export class MessagesRetentionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessagesRetentionScheduler.name);
  private sweeps: RepeatingSweep | undefined;

  constructor(private readonly messages: MessagesService) {}

  onApplicationBootstrap(): void {
    this.sweeps = startRepeatingSweep(() => this.purge(), {
      everyMs: PURGE_EVERY_MS,
      onError: (error) => this.logger.warn(`Handover message purge failed: ${(error as Error).message}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps?.stop();
  }

  async purge(): Promise<void> {
    const deleted = await this.messages.purgeExpired();
    if (deleted > 0) this.logger.log(`Deleted ${deleted} handover messages past their retention`);
  }
}
