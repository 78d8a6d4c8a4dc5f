import { randomUUID } from 'node:crypto';
import { defineEvent, EventEnvelope, EventPayload, Events } from '@curbside/contracts';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { DatabaseTarget, openDatabase } from '../database/open-database';
import type { EventBus } from '../events/event-bus.port';
import { EventConsumers } from './event-consumers';
import { EventOutbox } from './event-outbox';
import { OutboxRelay } from './outbox-relay';
import { until } from '../testing/until';

const NoteWritten = defineEvent('note.written.v1', z.object({ text: z.string() }));

export interface OutboxFixture {
  target: DatabaseTarget;
  bus: EventBus;
  teardown(): Promise<void>;
}

/** Outbox and idempotent consumption on a given database and bus: the guarantees docs/architecture.md relies on. */
export function describeOutboxContract(name: string, setup: () => Promise<OutboxFixture>): void {
  describe(`Outbox and consumers: ${name}`, () => {
    let fixture: OutboxFixture;
    let dataSource: DataSource;
    let outbox: EventOutbox;
    let relay: OutboxRelay;
    let consumers: EventConsumers;

    beforeAll(async () => {
      fixture = await setup();
      dataSource = await openDatabase(fixture.target, { schema: 'producer', entities: [], migrations: [], applicationName: 'outbox-test' });
      outbox = new EventOutbox(dataSource);
      relay = new OutboxRelay(dataSource, fixture.bus, 50);
      outbox.onCommitted(() => relay.kick());
      consumers = new EventConsumers('producer', 'producer', fixture.bus, outbox);
      relay.start();
    });
    afterAll(async () => {
      await relay?.stop();
      await dataSource?.destroy();
      await fixture?.teardown();
    });

    const unpublished = async () => Number((await dataSource.query(`SELECT count(*)::int AS n FROM producer.outbox_events WHERE published_at IS NULL`))[0].n);

    it('relays an event emitted in a committed transaction, and marks it published', async () => {
      const seen: string[] = [];
      await consumers.on(NoteWritten, `seen-${randomUUID().slice(0, 6)}`, async (payload) => void seen.push(payload.text));
      await outbox.transaction(async (tx) => void tx.emit(NoteWritten, { text: 'hello' }));
      await until(() => seen.includes('hello'));
      await until(async () => (await unpublished()) === 0);
    });

    it('drops the events of a transaction that rolled back', async () => {
      const before = Number((await dataSource.query(`SELECT count(*)::int AS n FROM producer.outbox_events`))[0].n);
      await expect(
        outbox.transaction(async (tx) => {
          tx.emit(NoteWritten, { text: 'never' });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(Number((await dataSource.query(`SELECT count(*)::int AS n FROM producer.outbox_events`))[0].n)).toBe(before);
    });

    it("refuses, in a service's outbox, another service's event, and keeps nothing of the transaction", async () => {
      const count = async () => Number((await dataSource.query(`SELECT count(*)::int AS n FROM producer.outbox_events`))[0].n);
      const before = await count();
      const items = new EventOutbox(dataSource, 'items');
      await expect(
        items.transaction(async (tx) => {
          tx.emit(NoteWritten, { text: 'a test event, of no service' });
          tx.emit(Events.pointsAwarded, {} as EventPayload<typeof Events.pointsAwarded>);
        }),
      ).rejects.toThrow(`items may not emit ${Events.pointsAwarded.subject}: rewards does`);
      expect(await count()).toBe(before);
    });

    it("refuses a service's reaction that the contracts do not list, or one to another event than theirs", async () => {
      const rewards = new EventConsumers('rewards', 'producer', fixture.bus, outbox);
      await expect(rewards.on(NoteWritten, 'not-a-reaction', async () => undefined)).rejects.toThrow('rewards has no reaction not-a-reaction');
      await expect(rewards.on(Events.pointsAwarded, 'credit-post', async () => undefined)).rejects.toThrow(
        `rewards has no reaction credit-post to ${Events.pointsAwarded.subject}`,
      );
    });

    it('refuses to emit a payload that does not fit the event schema', async () => {
      await expect(outbox.transaction(async (tx) => void tx.emit(NoteWritten, { text: 42 } as unknown as { text: string }))).rejects.toThrow();
    });

    it('applies an event delivered twice only once', async () => {
      // Buses dedupe by id too; hand the same delivery to the consumer several times to test its own guarantee.
      let deliver: ((event: EventEnvelope) => Promise<void>) | undefined;
      const capturing: EventBus = {
        publish: (event) => fixture.bus.publish(event),
        subscribe: async (_consumer, _subject, handler) => void (deliver = handler),
        health: () => fixture.bus.health(),
        close: async () => undefined,
      };
      let applied = 0;
      await new EventConsumers('producer', 'producer', capturing, outbox).on(NoteWritten, 'once', async () => {
        applied += 1;
      });
      const event: EventEnvelope = { id: randomUUID(), subject: NoteWritten.subject, occurredAt: new Date().toISOString(), payload: { text: 'twice' } };
      await deliver!(event);
      await deliver!({ ...event });
      await Promise.all([deliver!({ ...event }), deliver!({ ...event })]);
      expect(applied).toBe(1);
      const recorded = await dataSource.query(`SELECT count(*)::int AS n FROM producer.processed_events WHERE event_id = $1`, [event.id]);
      expect(recorded[0].n).toBe(1);
    });

    it('rolls back a reaction that fails, and retries it until it succeeds, applying it once', async () => {
      let attempts = 0;
      const texts: string[] = [];
      await consumers.on(NoteWritten, `flaky-${randomUUID().slice(0, 6)}`, async (payload, tx) => {
        attempts += 1;
        tx.emit(NoteWritten, { text: `echo:${payload.text}` });
        if (attempts < 2) throw new Error('transient');
        texts.push(payload.text);
      });
      await outbox.transaction(async (tx) => void tx.emit(NoteWritten, { text: 'retry-me' }));
      // The reaction ran inside its transaction: wait for that transaction's commit (its echo), not only the call.
      const echoes = async () =>
        (await dataSource.query(`SELECT count(*)::int AS n FROM producer.outbox_events WHERE payload->>'text' = 'echo:retry-me'`))[0].n as number;
      await until(async () => texts.includes('retry-me') && (await echoes()) > 0, 10_000);
      await new Promise((r) => setTimeout(r, 200));
      // The failed attempt's echo was rolled back with it: exactly one echo of retry-me exists.
      expect(await echoes()).toBe(1);
    });

    it('reports its backlog and the age of the oldest unpublished event (for /metrics), and is back to none once relayed', async () => {
      await relay.stop();
      await outbox.transaction(async (tx) => {
        tx.emit(NoteWritten, { text: 'held-1' });
        tx.emit(NoteWritten, { text: 'held-2' });
      });
      await dataSource.query(`UPDATE producer.outbox_events SET occurred_at = now() - interval '90 seconds' WHERE payload->>'text' = 'held-1'`);

      const held = await relay.backlog();

      expect(held.backlog).toBeGreaterThanOrEqual(2);
      expect(held.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
      relay.start();
      // The earlier tests' consumers still react (and emit) as events arrive: wait for a moment with nothing left.
      const readings: { backlog: number; oldestAgeSeconds: number }[] = [];
      await until(async () => (readings.push(await relay.backlog()), readings.at(-1)?.backlog === 0));
      expect(readings.at(-1)).toEqual({ backlog: 0, oldestAgeSeconds: 0 });
    });
  });
}
