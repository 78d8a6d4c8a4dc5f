import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { DomainError, ErrorCode } from '@curbside/contracts';
import { createLogger } from '@curbside/platform';
import Redis, { type RedisOptions } from 'ioredis';

// INCR and set the window on the first hit, atomically, so every gateway replica counts against one window.
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { hits, redis.call('PTTL', KEYS[1]) }`;

/** The longest a write waits on the limiter's Redis before it is refused. */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 1000;
/** What a write refused for that is told: Redis restarts in a few seconds, and ioredis reconnects on its own. */
export const RATE_LIMIT_UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * Writes do not queue up behind a Redis that is away: without the offline queue a command fails at once while
 * the client is disconnected (it reconnects by itself meanwhile), and the command timeout bounds a server that
 * takes the connection but does not answer. Either way the write gets its 503 within about a second.
 */
export const RATE_LIMIT_REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
  connectTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
};

/**
 * Fixed-window counters in Redis for distributed mode (several gateway replicas share the limits). Only writes
 * come here (RateLimitGuard skips reads before the storage is asked), so reads never depend on Redis. A write whose
 * limit cannot be checked is refused with 503 and Retry-After rather than let through unlimited: the limits are what
 * keep sign-in codes and posting from being flooded, and they are back as soon as Redis is.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly log = createLogger('rate-limit');
  private reachable = true;

  constructor(
    private readonly redis: Redis,
    /** Per deployment (NAMESPACE), so two deployments on one Redis never share counters. */
    private readonly prefix: string,
  ) {
    // ioredis reports every failed reconnect as an 'error' event; say once that the store is away, and when it is back.
    redis.on('error', (err: Error) => this.markUnreachable(err));
    redis.on('ready', () => {
      if (!this.reachable) this.log.info('rate-limit store reachable again');
      this.reachable = true;
    });
  }

  /** A storage on its own client with RATE_LIMIT_REDIS_OPTIONS, once connected (or after the timeout: writes then get 503 until it is). */
  static async connect(url: string, prefix: string): Promise<RedisThrottlerStorage> {
    const storage = new RedisThrottlerStorage(new Redis(url, RATE_LIMIT_REDIS_OPTIONS), prefix);
    await storage.ready();
    return storage;
  }

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    let reply: [number, number];
    try {
      reply = (await this.redis.eval(HIT, 1, `${this.prefix}:${throttlerName}:${key}`, String(ttl))) as [number, number];
    } catch (err) {
      this.markUnreachable(err as Error);
      throw new DomainError(
        ErrorCode.UNAVAILABLE,
        'Saving is unavailable for a moment. Please try again in a few seconds.',
        RATE_LIMIT_UNAVAILABLE_RETRY_SECONDS,
      );
    }
    const [hits, pttl] = reply;
    const timeToExpire = Math.max(1, Math.ceil(pttl / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }

  async close(): Promise<void> {
    // QUIT needs an answer; a Redis that is away or silent would hold the shutdown, so then the socket is just closed.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private ready(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, RATE_LIMIT_REDIS_TIMEOUT_MS);
      this.redis.once('ready', done);
    });
  }

  private markUnreachable(err: Error): void {
    if (!this.reachable) return;
    this.reachable = false;
    this.log.warn({ err }, 'rate-limit store unreachable: writes answer 503 until it is back');
  }
}
