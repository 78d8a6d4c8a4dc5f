import { createHash } from 'node:crypto';
import { DomainError, IdempotencyError, IdempotencyMessages, IDEMPOTENCY_KEY_TTL_HOURS } from '@curbside/contracts';
import { createLogger } from '../logging/logger';
import type { IdempotencyClaim, IdempotencyStore } from './idempotency.store';

export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3600 * 1000;
/** Old records are deleted at most this often per process, right after a claim: no timer to start or stop. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Runs a creating call once per (caller, Idempotency-Key): the first call runs and its answer is kept; a repeat of
 * the same request gets that answer; a repeat while it runs is told to wait (409), another request under the same
 * key is refused (422). A call that fails gives its key back, so a corrected retry runs.
 */
export class IdempotentCalls {
  private readonly log = createLogger('idempotency');
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async run<T>(claim: IdempotencyClaim, call: () => Promise<T>): Promise<T> {
    // A record can vanish between our claim and our look at it (its call failed and gave it back): claim again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const outcome = await this.store.claim(claim, this.ttlMs);
      if (outcome.claimed) {
        this.sweepNowAndThen();
        return this.runClaimed(claim, call);
      }
      const { record } = outcome;
      if (!record) continue;
      if (record.requestHash !== claim.requestHash) throw new DomainError(IdempotencyError.KEY_REUSED, IdempotencyMessages.keyReused);
      if (!record.reply) throw inProgress();
      return record.reply.value as T;
    }
    throw inProgress();
  }

  private async runClaimed<T>(claim: IdempotencyClaim, call: () => Promise<T>): Promise<T> {
    let reply: T;
    try {
      reply = await call();
    } catch (err) {
      await this.store.release(claim).catch((releaseErr: unknown) => this.log.error({ err: releaseErr }, 'could not give back an Idempotency-Key'));
      throw err;
    }
    // The write is committed: a failure to keep its answer must not turn it into an error (the client would post
    // again under a new key). The record then stays "in progress", so a retry under this key never writes twice.
    await this.store.complete(claim, reply).catch((err: unknown) => this.log.error({ err }, 'could not keep the answer of an Idempotency-Key'));
    return reply;
  }

  private sweepNowAndThen(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.store.sweep(this.ttlMs).catch((err: unknown) => this.log.warn({ err }, 'could not delete old Idempotency-Key records'));
  }
}

function inProgress(): DomainError {
  return new DomainError(IdempotencyError.IN_PROGRESS, IdempotencyMessages.inProgress, IdempotencyMessages.inProgressRetryAfterSeconds);
}

/** A hash of what a call asks: its operation and its body, with object keys in a fixed order. */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\0').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
