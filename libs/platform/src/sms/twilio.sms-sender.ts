import twilio from 'twilio';
import type { SmsSender } from './sms-sender.port';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** For tests: a stand-in for Twilio's HTTP client (never the real API in tests). */
  httpClient?: twilio.ClientOpts['httpClient'];
}

/** Real SMS through Twilio's official SDK (SMS_PROVIDER=twilio). */
export class TwilioSmsSender implements SmsSender {
  private readonly client: twilio.Twilio;

  constructor(private readonly options: TwilioOptions) {
    this.client = twilio(options.accountSid, options.authToken, {
      httpClient: options.httpClient,
      autoRetry: true,
      maxRetries: 2,
      timeout: 10_000,
    });
  }

  async send(toE164: string, body: string): Promise<void> {
    await this.client.messages.create({ to: toE164, from: this.options.from, body });
  }
}
