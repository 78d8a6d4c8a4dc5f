import type { AppConfig } from '../config/config.schema';
import { LogSmsSender } from './log.sms-sender';
import type { SmsSender } from './sms-sender.port';
import { TwilioSmsSender } from './twilio.sms-sender';

export function createSmsSender(config: AppConfig): SmsSender {
  if (config.SMS_PROVIDER === 'log') return new LogSmsSender();
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN || !config.TWILIO_FROM_NUMBER) {
    throw new Error('Invalid configuration: SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER');
  }
  return new TwilioSmsSender({ accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN, from: config.TWILIO_FROM_NUMBER });
}
