import { DataSource } from 'typeorm';
import { openDatabase } from '../database/open-database';
import { createTestDatabase, TestDatabase } from '../database/test-database';
import { CreateIdempotencyKeysTable1764000000000 } from './create-idempotency-keys-table.migration';
import type { IdempotencyClaim } from './idempotency.store';
import { PostgresIdempotencyStore } from './postgres.idempotency-store';

const DAY = 24 * 3600 * 1000;

describe(PostgresIdempotencyStore.name, () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let sut: PostgresIdempotencyStore;
  let n = 0;
  const claim = (requestHash = 'h1', callerId = 'alice'): IdempotencyClaim => ({ callerId, key: `key-${n}`, requestHash });
  const age = (key: string, hours: number) =>
    dataSource.query(`UPDATE idem.idempotency_keys SET created_at = now() - make_interval(hours => $2) WHERE key = $1`, [key, hours]);

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await openDatabase(
      { url: db.url, poolSize: 24 },
      { schema: 'idem', entities: [], migrations: [CreateIdempotencyKeysTable1764000000000], applicationName: 'idem-test' },
    );
    sut = new PostgresIdempotencyStore(dataSource, 'idem');
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });
  beforeEach(() => n++);

  it('gives the key to exactly one of 20 concurrent claims; the others see it held and unfinished', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => sut.claim(claim(), DAY)));

    expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.claimed)).toEqual(Array(19).fill({ claimed: false, record: { requestHash: 'h1' } }));
  });

  it('keeps the answer, as JSON, for the next claim to find', async () => {
    await sut.claim(claim(), DAY);
    await sut.complete(claim(), { id: 'item-1', tags: ['a'], when: '2026-11-24T10:00:00.000Z' });
    expect(await sut.claim(claim(), DAY)).toEqual({
      claimed: false,
      record: { requestHash: 'h1', reply: { value: { id: 'item-1', tags: ['a'], when: '2026-11-24T10:00:00.000Z' } } },
    });

    n++;
    await sut.claim(claim(), DAY);
    await sut.complete(claim(), undefined);
    expect(await sut.claim(claim(), DAY)).toEqual({ claimed: false, record: { requestHash: 'h1', reply: { value: null } } });
  });

  it('releases only an unfinished claim', async () => {
    await sut.claim(claim(), DAY);
    await sut.release(claim());
    expect(await sut.claim(claim('h2'), DAY)).toEqual({ claimed: true });

    await sut.complete(claim('h2'), 'done');
    await sut.release(claim('h2'));
    expect(await sut.claim(claim('h2'), DAY)).toMatchObject({ claimed: false, record: { reply: { value: 'done' } } });
  });

  it('takes over a record older than the time to live, and sweeps old records', async () => {
    await sut.claim(claim('h1'), DAY);
    await sut.complete(claim('h1'), 'old answer');
    await age(`key-${n}`, 25);

    expect(await sut.claim(claim('h2'), DAY)).toEqual({ claimed: true });
    expect(await sut.claim(claim('h2'), DAY)).toEqual({ claimed: false, record: { requestHash: 'h2' } });

    await age(`key-${n}`, 25);
    expect(await sut.sweep(DAY)).toBeGreaterThanOrEqual(1);
    expect(await dataSource.query(`SELECT 1 FROM idem.idempotency_keys WHERE key = $1`, [`key-${n}`])).toEqual([]);
  });

  it('keeps callers apart', async () => {
    expect(await sut.claim(claim('h1', 'alice'), DAY)).toEqual({ claimed: true });
    expect(await sut.claim(claim('h1', 'bob'), DAY)).toEqual({ claimed: true });
  });
});
