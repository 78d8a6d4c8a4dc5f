import { IdempotencyError } from '@curbside/contracts/client';
import { mockApi } from '../testing/api-mock';
import { ApiError } from './api-client';
import { newIdempotencyKey, sendOnce, withOneKey } from './send-once';

const NO_WAIT = [0, 0];
const keysSent = () => vi.mocked(fetch).mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

describe('sendOnce', () => {
  it('sends one Idempotency-Key per user action, a new one for the next action', async () => {
    mockApi('POST /api/items', { id: 'i' }, 201);

    await sendOnce('POST', '/api/items', { title: 'Chair' }, NO_WAIT);
    await sendOnce('POST', '/api/items', { title: 'Chair' }, NO_WAIT);

    const [first, second] = keysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('retries with the same key when the answer was lost (503) or the first copy is still running (409 in progress)', async () => {
    const answers = [
      { status: 503, body: { code: 'COMMON.UNAVAILABLE', message: 'The items service did not answer in time. Please try again.' } },
      {
        status: 409,
        body: { code: IdempotencyError.IN_PROGRESS, message: 'This request is still being processed. Try again in a moment.', retryAfterSeconds: 1 },
      },
      { status: 201, body: { id: 'i' } },
    ];
    mockApi('POST /api/items', () => answers.shift() ?? { status: 500 });

    expect(await sendOnce('POST', '/api/items', { title: 'Chair' }, NO_WAIT)).toEqual({ id: 'i' });

    const keys = keysSent();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives up after its retries, and never retries a refusal', async () => {
    mockApi('POST /api/items', { code: 'COMMON.UNAVAILABLE', message: 'down' }, 503);
    await expect(sendOnce('POST', '/api/items', {}, NO_WAIT)).rejects.toMatchObject({ status: 503 });
    expect(keysSent()).toHaveLength(3);

    vi.mocked(fetch).mockClear();
    mockApi('POST /api/reports', { code: 'COMMON.VALIDATION_FAILED', message: 'Please select a report type and provide a reason' }, 400);
    await expect(sendOnce('POST', '/api/reports', {}, NO_WAIT)).rejects.toBeInstanceOf(ApiError);
    expect(keysSent()).toHaveLength(1);
  });
});

describe('withOneKey', () => {
  it('retries a lost connection (TypeError) with the same key', async () => {
    const keys: string[] = [];
    const send = async (key: string) => {
      keys.push(key);
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      return 'ok';
    };
    expect(await withOneKey(send, NO_WAIT)).toBe('ok');
    expect(keys).toEqual([keys[0], keys[0]]);
  });
});

describe('newIdempotencyKey', () => {
  it('makes a UUID also where crypto.randomUUID is missing (plain HTTP on a LAN address)', () => {
    const randomUUID = crypto.randomUUID;
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      vi.unstubAllGlobals();
      expect(crypto.randomUUID).toBe(randomUUID);
    }
  });
});
