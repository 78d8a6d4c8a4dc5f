import { createLogger } from '../logging/logger';
import type { LiveChannel, LiveHandler } from './live-channel.port';

/** Embedded mode: one channel for the whole process. Payloads cross as JSON, as they would over NATS. */
export class InMemoryLiveChannel implements LiveChannel {
  private readonly log = createLogger('live');
  private readonly handlers = new Map<string, Set<LiveHandler>>();

  async publish(topic: string, payload: unknown): Promise<void> {
    const handlers = this.handlers.get(topic);
    if (!handlers?.size) return;
    const text = JSON.stringify(payload);
    // Asynchronous like a network hop: a publisher inside a request never runs its listeners' work inline.
    queueMicrotask(() => {
      for (const handler of handlers) {
        try {
          handler(JSON.parse(text));
        } catch (err) {
          this.log.error({ err, topic }, 'live signal handler failed');
        }
      }
    });
  }

  async subscribe(topic: string, handler: LiveHandler): Promise<() => void> {
    let handlers = this.handlers.get(topic);
    if (!handlers) this.handlers.set(topic, (handlers = new Set()));
    handlers.add(handler);
    return () => void handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
