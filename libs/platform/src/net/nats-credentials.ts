import type { AppConfig } from '../config/config.schema';

/** What a NATS connection says it is, to a server that asks for a user and password. */
export interface NatsCredentials {
  user?: string;
  pass?: string;
}

/** NATS_USER and NATS_PASSWORD, as every NATS connection of an app gives them: none when they are unset. */
export function natsCredentials(config: Pick<AppConfig, 'NATS_USER' | 'NATS_PASSWORD'>): NatsCredentials {
  return config.NATS_USER ? { user: config.NATS_USER, pass: config.NATS_PASSWORD } : {};
}
