import { ApiClient } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { STACK_MODES } from './stack-modes';

const TOO_MANY = 'Too many requests. Please wait a little and try again.';

describe.each(STACK_MODES)('per-IP rate limits, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({ RATE_LIMIT_WRITES_PER_MINUTE: '6', RATE_LIMIT_AUTH_PER_15_MINUTES: '3' }));
    api = new ApiClient(stack.url);
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  it('answers 429 with a clear message once an IP has sent too many sign-in codes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.post('/api/auth/send-code', { phoneNumber: `555000000${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await api.post('/api/auth/send-code', { phoneNumber: '5550000009' });
    expect(limited).toMatchObject({ status: 429, body: { message: TOO_MANY } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits writes per route and IP, but never reads', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.post('/api/users', {})).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    for (let i = 0; i < 20; i++) expect((await api.get('/api/items?lat=1&lng=1&radius=1')).status).toBe(200);
  });
});
