import { createLogger } from '../logging/logger';
import type { SmsSender } from './sms-sender.port';

export interface SentSms {
  to: string;
  body: string;
  at: Date;
}

/**
 * The default (embedded mode, development, tests): messages go to the log instead of a phone, so a person
 * running the app locally reads their code there. The last messages are also kept in memory for in-process
 * tests; nothing exposes them over HTTP.
 */
export class LogSmsSender implements SmsSender {
  private readonly log = createLogger('sms');
  private readonly recent: SentSms[] = [];

  async send(toE164: string, body: string): Promise<void> {
    this.log.info({ to: toE164 }, `SMS to ${toE164}: ${body}`);
    this.recent.push({ to: toE164, body, at: new Date() });
    if (this.recent.length > 100) this.recent.shift();
  }

  /** Every kept message sent to a number, oldest first. */
  sentTo(toE164: string): SentSms[] {
    return this.recent.filter((m) => m.to === toE164);
  }

  /** The newest message sent to a number, if any. */
  lastTo(toE164: string): SentSms | undefined {
    return this.recent.filter((m) => m.to === toE164).at(-1);
  }
}
