import { randomUUID } from 'node:crypto';
import { describeEventBusContract } from './event-bus.contract';
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
