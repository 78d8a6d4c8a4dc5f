import type { EventEnvelope } from '@curbside/contracts';
import { createLogger } from '../logging/logger';
import type { EventBus, EventHandler } from './event-bus.port';

interface DurableConsumer {
  subject: string;
  /** Index of the next event of its subject to deliver. */
  cursor: number;
  handler: EventHandler | undefined;
  draining: boolean;
  retryDelayMs: number;
  retryTimer: NodeJS.Timeout | undefined;
}

/**
 * The store behind embedded mode's bus, shared by every service in the process. Durable consumers keep their
 * position here, so a consumer that unsubscribes (its service stopped) resumes where it left off.
 * Known limit: the log lives in memory; events published but not yet consumed are lost if the process dies
 * (the outbox only guarantees they reached this store).
 */
export class InMemoryEventStore {
  readonly log = new Map<string, EventEnvelope[]>();
  readonly seen = new Set<string>();
  readonly consumers = new Map<string, DurableConsumer>();
}

const MAX_RETRY_DELAY_MS = 5000;

export class InMemoryEventBus implements EventBus {
  private readonly logger = createLogger('in-memory-bus');
  private readonly mine = new Set<string>();
  private closed = false;

  constructor(private readonly store: InMemoryEventStore = new InMemoryEventStore()) {}

  async publish(event: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('Event bus is closed');
    if (this.store.seen.has(event.id)) return;
    this.store.seen.add(event.id);
    const copy = JSON.parse(JSON.stringify(event)) as EventEnvelope;
    const events = this.store.log.get(event.subject) ?? [];
    events.push(copy);
    this.store.log.set(event.subject, events);
    // Delivery is asynchronous, as on a real broker: a publisher never waits for its consumers.
    for (const consumer of this.store.consumers.values()) if (consumer.subject === event.subject) this.scheduleDrain(consumer, 0);
  }

  async subscribe(name: string, subject: string, handler: EventHandler): Promise<void> {
    if (this.closed) throw new Error('Event bus is closed');
    let consumer = this.store.consumers.get(name);
    if (consumer && consumer.subject !== subject) throw new Error(`Consumer ${name} already reads ${consumer.subject}`);
    if (!consumer) {
      consumer = { subject, cursor: 0, handler: undefined, draining: false, retryDelayMs: 50, retryTimer: undefined };
      this.store.consumers.set(name, consumer);
    }
    consumer.handler = handler;
    this.mine.add(name);
    this.scheduleDrain(consumer, 0);
  }

  async health(): Promise<void> {
    if (this.closed) throw new Error('Event bus is closed');
  }

  /** Events of each of this bus's consumers' subjects past its position (the one being handled included). */
  async consumerLag(): Promise<{ durable: string; pending: number }[]> {
    return [...this.mine].flatMap((durable) => {
      const consumer = this.store.consumers.get(durable);
      if (!consumer) return [];
      return [{ durable, pending: (this.store.log.get(consumer.subject)?.length ?? 0) - consumer.cursor }];
    });
  }

  /** Detaches this bus's consumers; their positions stay in the store. */
  async close(): Promise<void> {
    this.closed = true;
    for (const name of this.mine) {
      const consumer = this.store.consumers.get(name);
      if (!consumer) continue;
      consumer.handler = undefined;
      clearTimeout(consumer.retryTimer);
    }
    this.mine.clear();
  }

  private scheduleDrain(consumer: DurableConsumer, delayMs: number): void {
    if (!consumer.handler || consumer.draining || (consumer.retryTimer && delayMs === 0)) return;
    consumer.retryTimer = setTimeout(() => {
      consumer.retryTimer = undefined;
      void this.drain(consumer);
    }, delayMs);
  }

  private async drain(consumer: DurableConsumer): Promise<void> {
    if (consumer.draining) return;
    consumer.draining = true;
    try {
      const events = () => this.store.log.get(consumer.subject) ?? [];
      while (consumer.handler && consumer.cursor < events().length) {
        const event = events()[consumer.cursor];
        try {
          await consumer.handler(JSON.parse(JSON.stringify(event)) as EventEnvelope);
          consumer.cursor += 1;
          consumer.retryDelayMs = 50;
        } catch (err) {
          this.logger.warn({ err, eventId: event.id, subject: event.subject }, 'event handler failed; will redeliver');
          const delay = consumer.retryDelayMs;
          consumer.retryDelayMs = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
          consumer.draining = false;
          this.scheduleDrain(consumer, delay);
          return;
        }
      }
    } finally {
      consumer.draining = false;
    }
  }
}
