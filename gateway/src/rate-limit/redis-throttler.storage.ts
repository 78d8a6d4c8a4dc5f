import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import Redis from 'ioredis';

// INCR and set the window on the first hit, atomically, so every gateway replica counts against one window.
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { hits, redis.call('PTTL', KEYS[1]) }`;

/** Fixed-window counters in Redis for distributed mode (several gateway replicas share the limits). */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: Redis,
    /** Per deployment (NAMESPACE), so two deployments on one Redis never share counters. */
    private readonly prefix: string,
  ) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const [hits, pttl] = (await this.redis.eval(HIT, 1, `${this.prefix}:${throttlerName}:${key}`, String(ttl))) as [number, number];
    const timeToExpire = Math.max(1, Math.ceil(pttl / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
