import { randomUUID } from 'node:crypto';
import { describeLiveChannelContract } from './live-channel.contract';
import { NatsLiveChannel } from './nats.live-channel';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const subjectPrefix = `test${randomUUID().replace(/-/g, '').slice(0, 10)}.live`;

describeLiveChannelContract('NATS core', () => ({ newChannel: async () => new NatsLiveChannel({ servers: NATS_URL, subjectPrefix }) }));
