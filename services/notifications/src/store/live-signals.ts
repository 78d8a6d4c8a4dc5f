import { Inject, Injectable } from '@nestjs/common';
import { LIVE_NOTIFICATIONS_TOPIC, LIVE_SIGNAL_BATCH, LiveNotificationSignal } from '@curbside/contracts';
import { LIVE_CHANNEL, LiveChannel } from '@curbside/platform';

/**
 * Tells every gateway replica which members have news (and which notifications), to be sent after the commit so
 * the news can be read: when an alert is written, read, or shows later on its plan's timing (src/delivery).
 */
@Injectable()
export class LiveSignals {
  constructor(@Inject(LIVE_CHANNEL) private readonly live: LiveChannel) {}

  /**
   * In batches of LIVE_SIGNAL_BATCH; between two, the process's other work (requests waiting for it) gets a turn: a
   * post reaching 100,000 members is 100 signals, and in one process with the gateway (embedded) the gateway's look-up
   * of each ran straight through in microtasks, holding every request meanwhile.
   */
  async signal(entries: LiveNotificationSignal['entries']): Promise<void> {
    for (let i = 0; i < entries.length; i += LIVE_SIGNAL_BATCH) {
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const signal: LiveNotificationSignal = { entries: entries.slice(i, i + LIVE_SIGNAL_BATCH) };
      await this.live.publish(LIVE_NOTIFICATIONS_TOPIC, signal);
    }
  }
}
