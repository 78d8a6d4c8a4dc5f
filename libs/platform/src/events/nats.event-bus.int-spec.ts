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
