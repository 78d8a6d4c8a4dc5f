import { DomainError, IdempotencyError } from '@curbside/contracts';
import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from './idempotency.store';
import { IdempotentCalls, requestHash } from './idempotent-calls';

interface Row extends IdempotencyRecord {
  createdAt: number;
}

/** The Postgres store's rules in a Map: JavaScript runs each method's check-and-set without interruption. */
class InMemoryIdempotencyStore implements IdempotencyStore {
  readonly rows = new Map<string, Row>();
  now = 0;
  sweeps = 0;

  async claim(claim: IdempotencyClaim, ttlMs: number) {
    const id = `${claim.callerId}/${claim.key}`;
    const held = this.rows.get(id);
    if (!held || held.createdAt < this.now - ttlMs) {
      this.rows.set(id, { requestHash: claim.requestHash, createdAt: this.now });
      return { claimed: true as const };
    }
    return { claimed: false as const, record: { requestHash: held.requestHash, ...(held.reply ? { reply: held.reply } : {}) } };
  }

  async complete(claim: IdempotencyClaim, reply: unknown) {
    const row = this.rows.get(`${claim.callerId}/${claim.key}`);
    if (row && row.requestHash === claim.requestHash) row.reply = { value: JSON.parse(JSON.stringify(reply ?? null)) };
  }

  async release(claim: IdempotencyClaim) {
    const id = `${claim.callerId}/${claim.key}`;
    if (this.rows.get(id)?.reply === undefined) this.rows.delete(id);
  }

  async sweep(ttlMs: number) {
    this.sweeps++;
    let n = 0;
    for (const [id, row] of this.rows) {
      if (row.createdAt >= this.now - ttlMs) continue;
      this.rows.delete(id);
      n++;
    }
    return n;
  }
}

const DAY = 24 * 3600 * 1000;

describe(IdempotentCalls.name, () => {
  let store: InMemoryIdempotencyStore;
  let sut: IdempotentCalls;
  const claim = (key: string, body: unknown = { title: 'Chair' }, callerId = 'alice'): IdempotencyClaim => ({
    callerId,
    key,
    requestHash: requestHash('ItemsController.create', body),
  });

  beforeEach(() => {
    store = new InMemoryIdempotencyStore();
    sut = new IdempotentCalls(store, DAY, () => store.now);
  });

  it('runs a repeat once and replays the first answer', async () => {
    let runs = 0;
    const post = () => sut.run(claim('k1'), async () => ({ id: `item-${++runs}` }));

    expect(await post()).toEqual({ id: 'item-1' });
    expect(await post()).toEqual({ id: 'item-1' });
    expect(runs).toBe(1);
  });

  it('lets exactly one of 20 concurrent repeats run; the others are told it is in progress or get its answer', async () => {
    let runs = 0;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const outcomes = Array.from({ length: 20 }, () =>
      sut.run(claim('k1'), async () => {
        runs++;
        await finished;
        return { id: 'item-1' };
      }),
    );
    const early = await Promise.allSettled(outcomes.slice(1));
    finish();
    const first = await outcomes[0];

    expect(runs).toBe(1);
    expect(first).toEqual({ id: 'item-1' });
    for (const outcome of early) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as DomainError;
      expect(error.code).toBe(IdempotencyError.IN_PROGRESS);
      expect(error.message).toBe('This request is still being processed. Try again in a moment.');
      expect(error.retryAfterSeconds).toBe(1);
    }
    expect(await sut.run(claim('k1'), async () => ({ id: 'never' }))).toEqual({ id: 'item-1' });
  });

  it('refuses the same key with another request (422), and never runs it', async () => {
    await sut.run(claim('k1', { title: 'Chair' }), async () => ({ id: 'item-1' }));
    const other = jest.fn(async () => ({ id: 'item-2' }));

    await expect(sut.run(claim('k1', { title: 'Table' }), other)).rejects.toMatchObject({ code: IdempotencyError.KEY_REUSED });
    expect(other).not.toHaveBeenCalled();
  });

  it('gives the key back when the call fails, so a corrected retry runs', async () => {
    await expect(sut.run(claim('k1'), async () => Promise.reject(new Error('no such item')))).rejects.toThrow('no such item');
    expect(store.rows.size).toBe(0);

    expect(await sut.run(claim('k1', { title: 'Chair, fixed' }), async () => ({ id: 'item-1' }))).toEqual({ id: 'item-1' });
  });

  it('scopes keys by caller', async () => {
    expect(await sut.run(claim('k1', {}, 'alice'), async () => 'alice')).toBe('alice');
    expect(await sut.run(claim('k1', {}, 'bob'), async () => 'bob')).toBe('bob');
  });

  it('ignores a record older than a day, and deletes old records now and then', async () => {
    await sut.run(claim('k1', { title: 'Chair' }), async () => 'first');
    store.now += DAY + 1;

    expect(await sut.run(claim('k1', { title: 'Table' }), async () => 'second')).toBe('second');
    expect(store.sweeps).toBe(2);
  });

  it('keeps an empty answer as an answer', async () => {
    const call = jest.fn(async () => undefined);
    await sut.run(claim('k1'), call);
    expect(await sut.run(claim('k1'), call)).toBeNull();
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('requestHash', () => {
  it('is the same for the same body in any key order, and differs by operation and by body', () => {
    expect(requestHash('a', { x: 1, y: [1, { b: 2, a: 1 }] })).toBe(requestHash('a', { y: [1, { a: 1, b: 2 }], x: 1 }));
    expect(requestHash('a', { x: 1 })).not.toBe(requestHash('b', { x: 1 }));
    expect(requestHash('a', { x: 1 })).not.toBe(requestHash('a', { x: 2 }));
  });
});
