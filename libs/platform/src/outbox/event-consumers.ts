import { EVENT_REACTIONS, type EventDefinition, type EventEnvelope, type EventPayload } from '@curbside/contracts';
import type { EventBus } from '../events/event-bus.port';
import { createLogger } from '../logging/logger';
import { runWithRequestContext } from '../logging/request-context';
import { EventOutbox, Transaction } from './event-outbox';

export type EventReaction<D extends EventDefinition> = (
  payload: EventPayload<D>,
  context: Transaction & { event: EventEnvelope<EventPayload<D>> },
) => Promise<void>;

/**
 * Subscribes a service's reactions to events. Each reaction has a durable consumer of its own; it runs in one
 * transaction with the record of the event id, so an event delivered twice is applied once, and the events it
 * emits leave only if it commits.
 */
export class EventConsumers {
  private readonly log = createLogger('event-consumers');

  constructor(
    private readonly service: string,
    private readonly schema: string,
    private readonly bus: EventBus,
    private readonly outbox: EventOutbox,
  ) {}

  async on<D extends EventDefinition>(definition: D, reactionName: string, reaction: EventReaction<D>): Promise<void> {
    // A service's reactions are the contracts' (EVENT_REACTIONS): its NATS user may read no other consumer.
    const declared: Record<string, EventDefinition> | undefined = (EVENT_REACTIONS as Record<string, Record<string, EventDefinition>>)[this.service];
    if (declared && declared[reactionName]?.subject !== definition.subject) {
      throw new Error(`${this.service} has no reaction ${reactionName} to ${definition.subject} in EVENT_REACTIONS`);
    }
    const consumer = consumerName(this.service, reactionName);
    await this.bus.subscribe(consumer, definition.subject, async (event) => {
      const parsed = definition.schema.safeParse(event.payload);
      if (!parsed.success) {
        // A payload that does not fit its schema will never fit: drop it loudly instead of retrying forever.
        this.log.error({ consumer, eventId: event.id, issues: parsed.error.issues }, 'dropping malformed event');
        return;
      }
      await runWithRequestContext({ requestId: `event:${event.id}` }, () =>
        this.outbox.transaction(async (tx) => {
          const inserted: unknown[] = await tx.manager.query(
            `INSERT INTO "${this.schema}".processed_events (consumer, event_id, processed_at)
             VALUES ($1, $2, now()) ON CONFLICT DO NOTHING RETURNING event_id`,
            [consumer, event.id],
          );
          if (inserted.length === 0) return;
          await reaction(parsed.data as EventPayload<D>, { ...tx, event: event as EventEnvelope<EventPayload<D>> });
        }),
      );
    });
  }
}

/** The durable consumer of a service's reaction on the stream: `<service>_<reaction>`, in the characters NATS allows. */
export function consumerName(service: string, reactionName: string): string {
  return `${service}_${reactionName}`.replace(/[^A-Za-z0-9_-]/g, '_');
}
