import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MessagesService } from './messages.service';

const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Deletes handover threads 90 days after their item closed (docs/product-rules.md); reads already hide them from
 * that moment, so the hourly pace only decides when the rows go. Replicas may both run it: a DELETE twice is harmless.
 */
@Injectable()
export class MessagesRetentionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessagesRetentionScheduler.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly messages: MessagesService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async purge(): Promise<void> {
    try {
      const deleted = await this.messages.purgeExpired();
      if (deleted > 0) this.logger.log(`Deleted ${deleted} handover messages past their retention`);
    } catch (error) {
      this.logger.warn(`Handover message purge failed: ${(error as Error).message}`);
    }
  }
}
