import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '../database/test-database';
import { NatsEventBus } from '../events/nats.event-bus';
import { describeOutboxContract } from './outbox.contract';

describeOutboxContract('PostgreSQL + NATS JetStream', async () => {
  const db = await createTestDatabase();
  const namespace = `test_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const bus = await NatsEventBus.connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    stream: namespace.toUpperCase(),
    subjectPrefix: `${namespace}.events`,
  });
  return {
    target: { url: db.url, poolSize: 4 },
    bus,
    teardown: async () => {
      await bus.deleteStream();
      await bus.close();
      await db.drop();
    },
  };
});
