export * from './sms-sender.port';
export * from './log.sms-sender';
export * from './twilio.sms-sender';
export * from './create-sms-sender';
