import type { EventEnvelope } from '@curbside/contracts';
import {
  AckPolicy,
  ConsumerMessages,
  DeliverPolicy,
  JetStreamClient,
  JetStreamManager,
  NatsConnection,
  nanos,
  RetentionPolicy,
  StorageType,
  StreamInfo,
  StringCodec,
} from 'nats';
import { RecentlySeen } from '../cache/recently-seen';
import { createLogger } from '../logging/logger';
import { connectNats, type NatsCredentials } from '../net/nats-connection';
import type { EventBus, EventHandler } from './event-bus.port';

export interface NatsEventBusOptions extends NatsCredentials {
  servers: string;
  stream: string;
  /** Subjects on the wire are `<prefix>.<event subject>`; tests use their own prefix and stream. */
  subjectPrefix?: string;
  connectionName?: string;
  /**
   * Copies of the stream JetStream keeps, on as many servers of its cluster (NATS_STREAM_REPLICAS): 1 on a single
   * server, 3 on a cluster of three so the events survive losing one. Default 1.
   */
  replicas?: number;
  /**
   * How long JetStream waits for a consumer's ack before it hands the event out again, for the consumers this bus
   * creates (one that exists keeps its own). Default ACK_WAIT_MS; tests shorten it.
   */
  ackWaitMs?: number;
}

const codec = StringCodec();
const REDELIVERY_DELAY_MS = 1000;
/**
 * JetStream hands out again an event not acked within this long. A handler that runs longer (a post reaching a city
 * on a loaded machine took up to 35 s, bench/README.md, "Scenario `fanout`") tells it the event is still being worked
 * on every third of this, so it is not run a second time beside the first, here or on another replica.
 */
export const ACK_WAIT_MS = 30_000;

/** Events a consumer pulls from JetStream at once; each is handled in turn. */
const PULLED_AT_ONCE = 64;
/** How many handled events a consumer remembers, to tell a copy handed out again: many batches' worth. */
const HANDLED_KEPT = 16 * PULLED_AT_ONCE;

/**
 * NATS JetStream: one file-backed stream holds every event; each reaction is a durable pull consumer with
 * explicit acks, so a service that was down reads what it missed when it comes back, and any number of
 * replicas share one consumer. Publishing with the event id as message id lets JetStream drop a republish.
 */
export class NatsEventBus implements EventBus {
  private readonly log = createLogger('nats-bus');
  private readonly running: { consumer: string; messages: ConsumerMessages; loop: Promise<void> }[] = [];
  private readonly prefix: string;
  private readonly ackWaitMs: number;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsEventBusOptions,
  ) {
    this.prefix = options.subjectPrefix ?? 'events';
    this.ackWaitMs = options.ackWaitMs ?? ACK_WAIT_MS;
  }

  static async connect(options: NatsEventBusOptions): Promise<NatsEventBus> {
    const nc = await connectNats(options);
    const jsm = await nc.jetstreamManager();
    const bus = new NatsEventBus(nc, nc.jetstream(), jsm, options);
    await bus.ensureStream();
    return bus;
  }

  private async ensureStream(): Promise<void> {
    const subjects = [`${this.prefix}.>`];
    const replicas = this.options.replicas ?? 1;
    let existing: StreamInfo | undefined;
    try {
      existing = await this.jsm.streams.info(this.options.stream);
    } catch {
      try {
        await this.jsm.streams.add({
          name: this.options.stream,
          subjects,
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          max_age: nanos(30 * 24 * 3600 * 1000),
          duplicate_window: nanos(10 * 60 * 1000),
          num_replicas: replicas,
        });
      } catch (err) {
        // Another replica created it between our look and our add.
        await this.jsm.streams.info(this.options.stream).catch(() => {
          throw err;
        });
      }
    }
    if (existing && existing.config.num_replicas !== replicas) {
      // A stream made before NATS_STREAM_REPLICAS changed (say, a cluster that grew from one server to three):
      // JetStream copies it to the new count in place. A refusal (fewer servers than replicas) leaves it as it
      // was and says so; the bus works either way.
      await this.jsm.streams.update(this.options.stream, { num_replicas: replicas }).then(
        () => this.log.info({ stream: this.options.stream, from: existing.config.num_replicas, to: replicas }, 'stream replicas changed'),
        (err: unknown) => this.log.warn({ err, stream: this.options.stream, replicas }, 'could not change the stream replicas; keeping them'),
      );
    }
  }

  async publish(event: EventEnvelope): Promise<void> {
    await this.js.publish(`${this.prefix}.${event.subject}`, codec.encode(JSON.stringify(event)), { msgID: event.id });
  }

  async subscribe(consumer: string, subject: string, handler: EventHandler): Promise<void> {
    const filter = `${this.prefix}.${subject}`;
    try {
      const info = await this.jsm.consumers.info(this.options.stream, consumer);
      if (info.config.filter_subject !== filter) throw new Error(`Consumer ${consumer} already reads ${info.config.filter_subject}`);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('Consumer ')) throw err;
      await this.jsm.consumers.add(this.options.stream, {
        durable_name: consumer,
        filter_subject: filter,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(this.ackWaitMs),
      });
    }
    const messages = await (await this.js.consumers.get(this.options.stream, consumer)).consume({ max_messages: PULLED_AT_ONCE });
    const loop = (async () => {
      const handled = new RecentlySeen<number>(HANDLED_KEPT);
      for await (const message of messages) {
        // Pulled in a batch behind a slow event, this one's ack wait may have run out before its turn: JetStream then
        // handed it out again, often into this same batch. The copy of an event handled here is acked, not run again.
        if (message.redelivered && handled.has(message.seq)) {
          message.ack();
          continue;
        }
        let event: EventEnvelope;
        try {
          event = JSON.parse(codec.decode(message.data)) as EventEnvelope;
        } catch {
          this.log.error({ consumer, seq: message.seq }, 'dropping an event that is not JSON');
          message.term();
          continue;
        }
        const stillWorking = setInterval(() => {
          try {
            message.working();
          } catch {
            // The connection is closing: the ack cannot reach JetStream either, which will hand the event out again.
          }
        }, this.ackWaitMs / 3);
        try {
          await handler(event);
          message.ack();
          handled.add(message.seq);
        } catch (err) {
          this.log.warn({ err, consumer, eventId: event.id }, 'event handler failed; will redeliver');
          message.nak(REDELIVERY_DELAY_MS);
        } finally {
          clearInterval(stillWorking);
        }
      }
    })();
    this.running.push({ consumer, messages, loop });
  }

  async health(): Promise<void> {
    if (this.nc.isClosed()) throw new Error('NATS connection closed');
    await this.jsm.streams.info(this.options.stream);
  }

  /**
   * What JetStream still holds for each consumer of this process: not yet delivered (num_pending) plus delivered
   * and not yet acknowledged (num_ack_pending). One consumer-info request each, only when /metrics is scraped.
   */
  async consumerLag(): Promise<{ durable: string; pending: number }[]> {
    return Promise.all(
      this.running.map(async ({ consumer }) => {
        const info = await this.jsm.consumers.info(this.options.stream, consumer);
        return { durable: consumer, pending: info.num_pending + info.num_ack_pending };
      }),
    );
  }

  /** Stops pulling, lets the event in hand finish, then drains the connection. */
  async close(): Promise<void> {
    for (const { messages } of this.running) messages.stop();
    await Promise.allSettled(this.running.map((r) => r.loop));
    if (!this.nc.isClosed()) await this.nc.drain();
  }

  /** For tests: remove the stream this bus uses. */
  async deleteStream(): Promise<void> {
    await this.jsm.streams.delete(this.options.stream).catch(() => undefined);
  }
}
