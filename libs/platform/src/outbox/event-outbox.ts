import { randomUUID } from 'node:crypto';
import { producerOf, type EventDefinition, type EventEnvelope, type EventPayload, type ServiceName } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { createLogger } from '../logging/logger';
import { OutboxEventEntity } from './outbox.entities';

/** What a unit of work gets: the transaction's manager and a way to emit events inside it. */
export interface Transaction {
  manager: EntityManager;
  emit<D extends EventDefinition>(definition: D, payload: EventPayload<D>): EventEnvelope<EventPayload<D>>;
  /** Work for after the commit (a live push of what the transaction wrote); dropped if it rolls back. */
  afterCommit(task: () => Promise<void> | void): void;
}

/**
 * Runs a unit of work in one database transaction; the events it emits are stored in the same transaction
 * and relayed to the bus once it has committed. Either the change and its events are both kept, or neither.
 */
export class EventOutbox {
  private readonly log = createLogger('outbox');
  private readonly afterCommit: (() => void)[] = [];

  /** `service`: whose outbox this is; it may emit only its own events (EVENT_PRODUCERS) and events of no service. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly service?: ServiceName,
  ) {}

  onCommitted(listener: () => void): void {
    this.afterCommit.push(listener);
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let emitted = 0;
    const committed: (() => Promise<void> | void)[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      committed.length = 0;
      const pending: OutboxEventEntity[] = [];
      const tx: Transaction = {
        manager,
        emit: (definition, payload) => {
          const producer = producerOf(definition);
          if (this.service && producer && producer !== this.service) throw new Error(`${this.service} may not emit ${definition.subject}: ${producer} does`);
          const envelope: EventEnvelope<EventPayload<typeof definition>> = {
            id: randomUUID(),
            subject: definition.subject,
            occurredAt: new Date().toISOString(),
            payload: definition.schema.parse(payload) as EventPayload<typeof definition>,
          };
          pending.push(
            manager.create(OutboxEventEntity, {
              id: envelope.id,
              subject: envelope.subject,
              payload: envelope.payload,
              occurredAt: new Date(envelope.occurredAt),
              publishedAt: null,
            }),
          );
          return envelope;
        },
        afterCommit: (task) => void committed.push(task),
      };
      const value = await work(tx);
      if (pending.length) await manager.save(OutboxEventEntity, pending, { reload: false });
      emitted = pending.length;
      return value;
    });
    if (emitted) for (const listener of this.afterCommit) listener();
    for (const task of committed) {
      try {
        await task();
      } catch (err) {
        // The transaction's work is done and kept; a follow-up that fails (a live push) must not undo the answer.
        this.log.warn({ err }, 'after-commit task failed');
      }
    }
    return result;
  }
}
