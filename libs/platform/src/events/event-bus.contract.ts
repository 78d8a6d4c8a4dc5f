import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@curbside/contracts';
import type { EventBus } from './event-bus.port';
import { until } from '../testing/until';

export interface EventBusFixture {
  /** A new connection to the same bus (a new process, as far as the bus can tell). */
  newBus(): Promise<EventBus>;
  teardown(): Promise<void>;
}

function envelope(subject: string, n: number): EventEnvelope<{ n: number }> {
  return { id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload: { n } };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

/** The behaviour every EventBus adapter must have; run against each adapter. */
export function describeEventBusContract(name: string, setup: () => Promise<EventBusFixture>): void {
  describe(`EventBus contract: ${name}`, () => {
    let fixture: EventBusFixture;
    const buses: EventBus[] = [];
    const open = async () => {
      const bus = await fixture.newBus();
      buses.push(bus);
      return bus;
    };

    beforeAll(async () => {
      fixture = await setup();
    });
    afterAll(async () => {
      await Promise.allSettled(buses.map((b) => b.close()));
      await fixture.teardown();
    });

    it('delivers events published before and after a durable consumer subscribes, in order', async () => {
      const bus = await open();
      const subject = `thing.happened.${randomUUID().slice(0, 8)}`;
      await bus.publish(envelope(subject, 1));
      const seen: number[] = [];
      await bus.subscribe(`c_${randomUUID().slice(0, 8)}`, subject, async (e) => {
        seen.push((e.payload as { n: number }).n);
      });
      await bus.publish(envelope(subject, 2));
      await bus.publish(envelope(subject, 3));
      await until(() => seen.length === 3);
      expect(seen).toEqual([1, 2, 3]);
    });

    it('delivers an event id once even when it is published twice', async () => {
      const bus = await open();
      const subject = `thing.twice.${randomUUID().slice(0, 8)}`;
      const seen: string[] = [];
      await bus.subscribe(`c_${randomUUID().slice(0, 8)}`, subject, async (e) => {
        seen.push(e.id);
      });
      const event = envelope(subject, 1);
      await bus.publish(event);
      await bus.publish(event);
      await bus.publish(envelope(subject, 2));
      await until(() => seen.length >= 2);
      await settle();
      expect(seen.filter((id) => id === event.id)).toHaveLength(1);
    });

    it('redelivers an event whose handler failed until it succeeds', async () => {
      const bus = await open();
      const subject = `thing.flaky.${randomUUID().slice(0, 8)}`;
      let attempts = 0;
      let done = false;
      await bus.subscribe(`c_${randomUUID().slice(0, 8)}`, subject, async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('not yet');
        done = true;
      });
      await bus.publish(envelope(subject, 1));
      await until(() => done, 10_000);
      expect(attempts).toBe(3);
    });

    it('gives every consumer of a subject every event', async () => {
      const bus = await open();
      const subject = `thing.fanout.${randomUUID().slice(0, 8)}`;
      const a: number[] = [];
      const b: number[] = [];
      await bus.subscribe(`a_${randomUUID().slice(0, 8)}`, subject, async (e) => void a.push((e.payload as { n: number }).n));
      await bus.subscribe(`b_${randomUUID().slice(0, 8)}`, subject, async (e) => void b.push((e.payload as { n: number }).n));
      await bus.publish(envelope(subject, 1));
      await bus.publish(envelope(subject, 2));
      await until(() => a.length === 2 && b.length === 2);
      expect(a).toEqual([1, 2]);
      expect(b).toEqual([1, 2]);
    });

    it('lets a consumer that was down catch up on what it missed, without repeating what it had', async () => {
      const subject = `thing.catchup.${randomUUID().slice(0, 8)}`;
      const consumer = `down_${randomUUID().slice(0, 8)}`;
      const first = await open();
      const before: number[] = [];
      await first.subscribe(consumer, subject, async (e) => void before.push((e.payload as { n: number }).n));
      await first.publish(envelope(subject, 1));
      await until(() => before.length === 1);
      await settle();
      await first.close();

      const producer = await open();
      await producer.publish(envelope(subject, 2));
      await producer.publish(envelope(subject, 3));

      const restarted = await open();
      const after: number[] = [];
      await restarted.subscribe(consumer, subject, async (e) => void after.push((e.payload as { n: number }).n));
      await until(() => after.length === 2);
      await settle();
      expect(after).toEqual([2, 3]);
    });

    it('reports how many events each of its durable consumers has yet to finish (for /metrics)', async () => {
      const bus = await open();
      const subject = `thing.lagging.${randomUUID().slice(0, 8)}`;
      const consumer = `c_${randomUUID().slice(0, 8)}`;
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      let handled = 0;
      await bus.subscribe(consumer, subject, async () => {
        await held;
        handled += 1;
      });
      for (let n = 1; n <= 3; n++) await bus.publish(envelope(subject, n));
      const lagOf = async () => (await bus.consumerLag?.())?.find((c) => c.durable === consumer)?.pending;

      // The one in the handler's hands counts until it is finished.
      let lag: number | undefined;
      const deadline = Date.now() + 8000;
      while ((lag = await lagOf()) !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(lag).toBe(3);
      release();
      await until(() => handled === 3);
      while ((lag = await lagOf()) !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(lag).toBe(0);
    });

    it('reports health while open', async () => {
      const bus = await open();
      await expect(bus.health()).resolves.toBeUndefined();
    });
  });
}
