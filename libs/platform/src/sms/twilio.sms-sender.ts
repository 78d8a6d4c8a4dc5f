import type twilio from 'twilio';
import type { SmsSender } from './sms-sender.port';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** For tests: a stand-in for Twilio's HTTP client (never the real API in tests). */
  httpClient?: twilio.ClientOpts['httpClient'];
}

/**
 * Real SMS through Twilio's official SDK (SMS_PROVIDER=twilio). The SDK is loaded at the first text, not with the
 * module: every process imports this adapter through the platform's index, and most never send through Twilio.
 */
export class TwilioSmsSender implements SmsSender {
  private client?: Promise<twilio.Twilio>;

  constructor(private readonly options: TwilioOptions) {}

  async send(toE164: string, body: string): Promise<void> {
    const client = await (this.client ??= this.connect());
    await client.messages.create({ to: toE164, from: this.options.from, body });
  }

  private async connect(): Promise<twilio.Twilio> {
    const { default: createClient } = await import('twilio');
    return createClient(this.options.accountSid, this.options.authToken, {
      httpClient: this.options.httpClient,
      autoRetry: true,
      maxRetries: 2,
      timeout: 10_000,
    });
  }
}
