import { NatsConnection, StringCodec, Subscription } from 'nats';
import { createLogger } from '../logging/logger';
import { connectNats, type NatsCredentials } from '../net/nats-connection';
import type { LiveChannel, LiveHandler } from './live-channel.port';

export interface NatsLiveChannelOptions extends NatsCredentials {
  servers: string;
  /** Subjects are `<prefix>.<topic>`, outside the JetStream stream's subjects so nothing is stored. */
  subjectPrefix: string;
  connectionName?: string;
}

const codec = StringCodec();

/**
 * Core NATS publish/subscribe without a queue group: every subscribed process receives every signal. Connects on
 * first use, since most processes never publish or listen.
 */
export class NatsLiveChannel implements LiveChannel {
  private readonly log = createLogger('nats-live');
  private connection?: Promise<NatsConnection>;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly options: NatsLiveChannelOptions) {}

  private nats(): Promise<NatsConnection> {
    this.connection ??= connectNats(this.options);
    return this.connection;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    (await this.nats()).publish(`${this.options.subjectPrefix}.${topic}`, codec.encode(JSON.stringify(payload)));
  }

  async subscribe(topic: string, handler: LiveHandler): Promise<() => void> {
    const nc = await this.nats();
    const subscription = nc.subscribe(`${this.options.subjectPrefix}.${topic}`, {
      callback: (err, message) => {
        if (err) return this.log.error({ err, topic }, 'live subscription failed');
        try {
          handler(JSON.parse(codec.decode(message.data)));
        } catch (handlerErr) {
          this.log.error({ err: handlerErr, topic }, 'live signal handler failed');
        }
      },
    });
    this.subscriptions.add(subscription);
    // The server has the interest once this round trip is done: a publish after it reaches this subscriber.
    await nc.flush();
    return () => {
      subscription.unsubscribe();
      this.subscriptions.delete(subscription);
    };
  }

  async close(): Promise<void> {
    if (!this.connection) return;
    const nc = await this.connection;
    this.subscriptions.clear();
    await nc.drain().catch(() => undefined);
  }
}
