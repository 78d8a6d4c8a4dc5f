import { describeEventBusContract } from './event-bus.contract';
import { InMemoryEventBus, InMemoryEventStore } from './in-memory.event-bus';

describeEventBusContract('in memory', async () => {
  const store = new InMemoryEventStore();
  return { newBus: async () => new InMemoryEventBus(store), teardown: async () => undefined };
});
