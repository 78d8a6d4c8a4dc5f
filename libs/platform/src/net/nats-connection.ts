import { connect, type NatsConnection } from 'nats';
import type { AppConfig } from '../config/config.schema';
import { natsInboxPrefix } from './nats-permissions';

/** What a NATS connection says it is, to a server that asks for a user and password, and where its replies come. */
export interface NatsCredentials {
  user?: string;
  pass?: string;
  /** `_INBOX.<user>`: the only inbox a deployment's NATS lets that user read (nats-permissions.ts). */
  inboxPrefix?: string;
}

/** NATS_USER and NATS_PASSWORD, as every NATS connection of an app gives them: none when they are unset. */
export function natsCredentials(config: Pick<AppConfig, 'NATS_USER' | 'NATS_PASSWORD'>): NatsCredentials {
  return config.NATS_USER ? { user: config.NATS_USER, pass: config.NATS_PASSWORD, inboxPrefix: natsInboxPrefix(config.NATS_USER) } : {};
}

/**
 * A connection of the event bus or the live channel: with its credentials, and reconnecting for as long as the process
 * runs (a NATS server restarting must not end a service's reactions or signals).
 */
export function connectNats(options: { servers: string; connectionName?: string } & NatsCredentials): Promise<NatsConnection> {
  return connect({
    servers: options.servers,
    name: options.connectionName,
    user: options.user,
    pass: options.pass,
    inboxPrefix: options.inboxPrefix,
    maxReconnectAttempts: -1,
  });
}
