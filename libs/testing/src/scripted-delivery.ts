import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@curbside/contracts';
import {
  createEmbeddedInfrastructure,
  createTestDatabase,
  EventBus,
  EventHandler,
  loadConfig,
  RunningService,
  ServiceDefinition,
  startService,
} from '@curbside/platform';

/** One event of a scripted history: its subject, payload and when it happened (the natural order is the list's). */
export function scriptedEvent<T>(subject: string, payload: T, occurredAt: Date): EventEnvelope<T> {
  return { id: randomUUID(), subject, occurredAt: occurredAt.toISOString(), payload };
}

/**
 * A bus that delivers nothing by itself: it records which durable consumers a service subscribes and what the
 * service publishes, and the test hands each consumer its events in the order it chooses.
 */
class ScriptedBus implements EventBus {
  readonly consumers: { name: string; subject: string; handler: EventHandler }[] = [];
  readonly published: EventEnvelope[] = [];

  async publish(event: EventEnvelope): Promise<void> {
    this.published.push(JSON.parse(JSON.stringify(event)) as EventEnvelope);
  }

  async subscribe(name: string, subject: string, handler: EventHandler): Promise<void> {
    this.consumers.push({ name, subject, handler });
  }

  async health(): Promise<void> {
    // Nothing to reach: it lives in the test.
  }

  async close(): Promise<void> {
    // Nothing is running between deliveries.
  }
}

/** A small seeded generator (mulberry32): the same seed gives the same delivery order, so a failure can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ScriptedService {
  service: RunningService;
  /** What the service published (its outbox, once relayed), across runs until `reset`. */
  published: EventEnvelope[];
  /**
   * Hands every event to every consumer of its subject, one delivery at a time. Without a seed, in the list's
   * order; with one, in a random interleaving that keeps each consumer's events in the list's order (JetStream
   * gives one durable consumer its subject in order; consumers of different subjects, even in one service, run
   * independently). `anyOrder` drops that too, as a redelivery after a failure or two replicas sharing a
   * consumer can. Waits until what the service emitted has left its outbox.
   */
  deliver(history: EventEnvelope[], seed?: number, options?: { anyOrder?: boolean }): Promise<void>;
  /** Empties every table of the service's schema but its migrations (reference data too), for the next order of a history. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** One service, its real module, migrations and reactions on a fresh database, fed events only by `deliver`. */
export async function startScriptedService(definition: ServiceDefinition): Promise<ScriptedService> {
  const dataDir = mkdtempSync(join(tmpdir(), `curbside-${definition.name}-scripted-`));
  const database = await createTestDatabase();
  const config = loadConfig({}, { DATA_DIR: dataDir, OUTBOX_POLL_MS: '20', DATABASE_POOL_SIZE: '4' });
  const infrastructure = await createEmbeddedInfrastructure(config, { databaseUrl: database.url });
  const bus = new ScriptedBus();
  const service = await startService(definition, { ...infrastructure, bus });
  const { dataSource, schema } = service.runtime;

  const unpublished = async () =>
    ((await dataSource.query(`SELECT count(*)::int AS n FROM "${schema}".outbox_events WHERE published_at IS NULL`)) as { n: number }[])[0].n;

  return {
    service,
    published: bus.published,
    async deliver(history, seed, options = {}) {
      const queues = bus.consumers
        .flatMap((consumer) => {
          const events = history.filter((e) => e.subject === consumer.subject);
          return options.anyOrder ? events.map((event) => ({ consumer, events: [event] })) : [{ consumer, events }];
        })
        .filter((q) => q.events.length > 0);
      const random = seed === undefined ? undefined : seededRandom(seed);
      if (!random) {
        for (const event of history) for (const q of queues) if (q.events[0] === event) await q.consumer.handler(q.events.shift() as EventEnvelope);
      } else {
        // Picking a queue with probability proportional to what it still holds draws every interleaving equally often.
        for (let left = queues.reduce((n, q) => n + q.events.length, 0); left > 0; left -= 1) {
          let pick = Math.floor(random() * left);
          const q = queues.find((candidate) => (pick -= candidate.events.length) < 0) as (typeof queues)[number];
          await q.consumer.handler(q.events.shift() as EventEnvelope);
        }
      }
      for (let tries = 0; (await unpublished()) > 0; tries += 1) {
        if (tries > 500) throw new Error('the outbox was not relayed');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async reset() {
      const tables: { table_name: string }[] = await dataSource.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
        [schema],
      );
      await dataSource.query(`TRUNCATE ${tables.map((t) => `"${schema}"."${t.table_name}"`).join(', ')}`);
      bus.published.length = 0;
    },
    async stop() {
      await service.close();
      await infrastructure.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
