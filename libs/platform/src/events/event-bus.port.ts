import type { EventEnvelope } from '@curbside/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

/**
 * Durable publish/subscribe with at-least-once delivery: NATS JetStream in distributed mode, in memory in
 * embedded mode. A consumer is durable by name: it receives every event of its subject published since it
 * was first created, including those published while it was down. A handler that throws gets the event again.
 */
export interface EventBus {
  /** Resolves once the bus has stored the event. The event id is the dedupe key. */
  publish(event: EventEnvelope): Promise<void>;
  subscribe(consumer: string, subject: string, handler: EventHandler): Promise<void>;
  health(): Promise<void>;
  /**
   * The durable consumers this bus runs and how many events each has yet to finish (for /metrics). Optional: a
   * test's scripted bus has no positions to report.
   */
  consumerLag?(): Promise<{ durable: string; pending: number }[]>;
  close(): Promise<void>;
}
