import { SharedPglite } from '../database/shared-pglite';
import { InMemoryEventBus } from '../events/in-memory.event-bus';
import { describeOutboxContract } from './outbox.contract';

describeOutboxContract('PGlite + in-memory bus', async () => {
  const shared = await SharedPglite.open();
  const bus = new InMemoryEventBus();
  return {
    target: { kind: 'pglite', shared },
    bus,
    teardown: async () => {
      await bus.close();
      await shared.close();
    },
  };
});
