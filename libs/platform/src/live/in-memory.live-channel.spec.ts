import { describeLiveChannelContract } from './live-channel.contract';
import { InMemoryLiveChannel } from './in-memory.live-channel';

// One process: every "connection" is the same channel, as in embedded mode.
const shared = new InMemoryLiveChannel();
describeLiveChannelContract('in memory', () => ({ newChannel: async () => shared }));
