import { createTestDatabase } from '../database/test-database';
import { InMemoryEventBus } from '../events/in-memory.event-bus';
import { describeOutboxContract } from './outbox.contract';

/** Embedded mode's pairing: a real PostgreSQL with the in-memory bus. */
describeOutboxContract('PostgreSQL + in-memory bus', async () => {
  const db = await createTestDatabase();
  const bus = new InMemoryEventBus();
  return {
    target: { url: db.url, poolSize: 4 },
    bus,
    teardown: async () => {
      await bus.close();
      await db.drop();
    },
  };
});
