/** Injection tokens of the ports (classes are their own tokens: DataSource, EventOutbox, EventConsumers). */
export const EVENT_BUS = Symbol('EVENT_BUS');
export const LIVE_CHANNEL = Symbol('LIVE_CHANNEL');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
export const APP_CONFIG = Symbol('APP_CONFIG');
export const SMS_SENDER = Symbol('SMS_SENDER');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
