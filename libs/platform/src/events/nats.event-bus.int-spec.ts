import { randomUUID } from 'node:crypto';
import { describeEventBusContract } from './event-bus.contract';
import { until } from '../testing/until';
import { NatsEventBus } from './nats.event-bus';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describeEventBusContract('NATS JetStream', async () => {
  const id = randomUUID().replace(/-/g, '').slice(0, 10);
  const options = { servers: NATS_URL, stream: `TEST_${id}`, subjectPrefix: `test${id}` };
  return {
    newBus: () => NatsEventBus.connect(options),
    teardown: async () => {
      const bus = await NatsEventBus.connect(options);
      await bus.deleteStream();
      await bus.close();
    },
  };
});

describe('NATS JetStream stream replicas (NATS_STREAM_REPLICAS)', () => {
  const id = randomUUID().replace(/-/g, '').slice(0, 10);
  const options = { servers: NATS_URL, stream: `TEST_R${id}`, subjectPrefix: `testr${id}` };
  const streamReplicas = async (bus: NatsEventBus): Promise<number> => {
    // The manager is private; the test reads what the server says through the same connection.
    const jsm = (bus as unknown as { jsm: { streams: { info(name: string): Promise<{ config: { num_replicas: number } }> } } }).jsm;
    return (await jsm.streams.info(options.stream)).config.num_replicas;
  };

  afterAll(async () => {
    const bus = await NatsEventBus.connect(options);
    await bus.deleteStream();
    await bus.close();
  });

  it('creates the stream with the count asked for, and asks JetStream to change it on a running stream', async () => {
    const first = await NatsEventBus.connect({ ...options, replicas: 1 });
    expect(await streamReplicas(first)).toBe(1);
    await first.close();
    // A single test server: newer NATS refuses three copies without a cluster, older ones record them. Either
    // way the bus starts and works; a refusal is only logged.
    const second = await NatsEventBus.connect({ ...options, replicas: 3 });
    expect([1, 3]).toContain(await streamReplicas(second));
    await expect(second.health()).resolves.toBeUndefined();
    await second.close();
  });
});

/** A bus on a stream of its own whose ack wait is 1 s, open for the tests of the describe block that asks for it. */
function busWithShortAckWait(): () => NatsEventBus {
  const id = randomUUID().replace(/-/g, '').slice(0, 10);
  const options = { servers: NATS_URL, stream: `TEST_A${id}`, subjectPrefix: `testa${id}`, ackWaitMs: 1000 };
  let bus: NatsEventBus;
  beforeAll(async () => {
    bus = await NatsEventBus.connect(options);
  });
  afterAll(async () => {
    await bus.deleteStream();
    await bus.close();
  });
  return () => bus;
}

describe('NATS JetStream: a handler that runs past the ack wait', () => {
  const bus = busWithShortAckWait();

  it('is not handed the same event again while it is still working on it', async () => {
    const subject = 'thing.slow';
    const started: string[] = [];
    let finished = 0;
    await bus().subscribe(`c_${randomUUID().slice(0, 8)}`, subject, async (event) => {
      started.push(event.id);
      // Two and a half times the ack wait: without "still working", JetStream hands it out again after one.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      finished += 1;
    });
    const event = { id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload: {} };
    await bus().publish(event);
    await until(() => finished >= 1, 10_000);
    // Time for a redelivery, had there been one, to reach the handler.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(started).toEqual([event.id]);
  });
});

describe('NATS JetStream: events waiting behind a slow one', () => {
  const bus = busWithShortAckWait();

  it('handles each once, though their ack wait ran out while they waited in the batch pulled with it', async () => {
    const subject = 'thing.queued';
    const handled: string[] = [];
    const events = [0, 1, 2].map(() => ({ id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload: {} }));
    for (const event of events) await bus().publish(event);
    await bus().subscribe(`c_${randomUUID().slice(0, 8)}`, subject, async (event) => {
      handled.push(event.id);
      // The first runs two and a half ack waits: JetStream hands the two pulled behind it out again meanwhile.
      if (event.id === events[0].id) await new Promise((resolve) => setTimeout(resolve, 2500));
    });
    await until(() => handled.length >= 3, 10_000);
    // Time for the copies handed out again to come through, and for one more ack wait.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(handled).toEqual(events.map((e) => e.id));
  });
});
