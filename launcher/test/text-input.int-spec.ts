import { Item, RouteContract, Routes, User } from '@curbside/contracts';
import { hashPassword } from '@curbside/platform';
import { ApiClient } from '@curbside/testing';
import { z } from 'zod';
import { RunningStack } from '../src/stack';
import { dataSourceOf, STACK_MODES } from './stack-modes';

const HERE = { lat: 45.5017, lng: -73.5673 };
const NUL = 'Lamp\u0000';
const LONE_SURROGATE = 'Lamp \ud83d';

/** What every text field of every route is tried with: the first two can never be stored, the rest can. */
const VARIANTS: [string, string][] = [
  ['a NUL character', NUL],
  ['a lone surrogate', LONE_SURROGATE],
  ['1 MB of text', 'x'.repeat(1024 * 1024)],
  ['right-to-left marks', '\u200fكنبة\u200e'],
  ['emoji', 'Sofa 🛋️👍🏽'],
];

/** Rows that a request could write; a 400 must leave every count as it was. */
const COUNTED = ['users.users', 'items.items', 'items.comments', 'items.reports', 'rewards.redemptions', 'emergency.audit_log'];

function shapeKeys(schema: z.ZodType | undefined): string[] {
  let inner: unknown = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault || inner instanceof z.ZodPipe) {
    inner = inner instanceof z.ZodPipe ? inner.in : (inner as z.ZodOptional).unwrap();
  }
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

describe('text input that PostgreSQL cannot store', () => {
  const mode = STACK_MODES[0];
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let browser: ApiClient;
  let me: User;
  let item: Item;

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({
      RATE_LIMIT_AUTH_PER_15_MINUTES: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      // Emergency access switched on: switched off it answers 503 by design.
      EMERGENCY_PASSWORD_HASH: await hashPassword('a long emergency passphrase'),
    }));
    browser = new ApiClient(stack.url);
    me = (await browser.post<User>('/api/users', {})).body;
    item = (await browser.post<Item>('/api/items', { title: 'Oak desk', category: 'Furniture', location: HERE })).body;
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  const counts = async () => {
    const db = dataSourceOf(stack, 'users');
    return Promise.all(COUNTED.map(async (table) => Number((await db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n)));
  };

  it.each([
    ['title', 'POST', '/api/items', { title: NUL, category: 'Furniture', location: HERE }, 'title contains a NUL character'],
    ['description', 'POST', '/api/items', { title: 'Desk', description: NUL, category: 'Furniture', location: HERE }, 'description contains a NUL'],
    [
      'location description',
      'POST',
      '/api/items',
      { title: 'Desk', category: 'Furniture', location: HERE, locationDescription: NUL },
      'locationDescription contains',
    ],
    ['a title with half an emoji', 'POST', '/api/items', { title: LONE_SURROGATE, category: 'Furniture', location: HERE }, 'title contains a broken character'],
    ['comment', 'POST', '/api/items/:item/comments', { content: NUL }, 'content contains a NUL'],
    ['report reason', 'POST', '/api/reports', { itemId: ':item', reportType: 'spam', reason: NUL }, 'reason contains a NUL'],
    ['verification name', 'POST', '/api/users/:me/verify', { name: NUL, email: '', phone: '5145550100', verificationMethod: 'phone' }, 'name contains a NUL'],
    ['first name', 'POST', '/api/auth/verify-code', { phoneNumber: '5145550100', code: '123456', firstName: NUL }, 'firstName contains a NUL'],
    ['feed search', 'GET', `/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5&q=%00`, undefined, 'q contains a NUL'],
    ['similar title', 'GET', `/api/items/similar?lat=${HERE.lat}&lng=${HERE.lng}&title=Desk%00`, undefined, 'title contains a NUL'],
  ] as const)('%s: 400 naming the field, nothing written', async (_field, method, path, body, message) => {
    const before = await counts();
    const fill = (text: string) => text.replace(':item', item.id).replace(':me', me.id);
    const response = await browser.request<{ message: string }>(method, fill(path), body ? JSON.parse(fill(JSON.stringify(body))) : undefined);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses titles of invisible characters only, like empty ones', async () => {
    const response = await browser.post<{ message: string }>('/api/items', { title: '\u200b\u200d\u2060\ufeff', category: 'Furniture', location: HERE });
    expect(response).toMatchObject({ status: 400, body: { message: expect.stringContaining('Please enter a title for your item.') } });
  });

  it.each([
    ['a timestamp out of range', Buffer.from(`99999999999999999999.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`).toString('base64url')],
    ['an id that is no uuid', Buffer.from(`1763800000000000.------------------------------------`).toString('base64url')],
    ['garbage', '%%%'],
  ])('answers a feed cursor with %s with 400', async (_name, cursor) => {
    const response = await browser.get<{ message: string }>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5&cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/cursor/i);
  });

  it('every text field of every route, with NUL, surrogates, 1 MB, RTL marks and emoji: 400 or 2xx, never 5xx, nothing written on 400', async () => {
    const routes = (Object.values(Routes) as RouteContract[]).filter((r) => !r.multipart);
    const seen: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' && route.path.startsWith('/api/items') ? item.id : me.id));
      const bodyKeys = shapeKeys(route.body);
      const queryKeys = shapeKeys(route.query);
      for (const [variant, text] of VARIANTS) {
        for (const key of [...bodyKeys.map((k) => ['body', k]), ...queryKeys.map((k) => ['query', k])]) {
          const [where, name] = key;
          const before = await counts();
          const url = where === 'query' ? `${path}?${new URLSearchParams({ [name]: text.length > 4096 ? text.slice(0, 4096) : text })}` : path;
          const body = where === 'body' ? { [name]: text } : route.method === 'get' ? undefined : {};
          const response = await browser.clone().request(route.method.toUpperCase(), url, body);
          seen.push(`${route.method} ${route.path} ${where}.${name} ${variant} → ${response.status}`);
          expect({ route: `${route.method} ${route.path}`, field: name, variant, status: response.status }).toMatchObject({ status: expect.any(Number) });
          if (response.status >= 500) throw new Error(`${route.method} ${route.path} ${where}.${name} with ${variant} answered ${response.status}`);
          if (text === NUL || text === LONE_SURROGATE)
            expect({ field: `${route.path} ${name}`, status: response.status }).toEqual({ field: `${route.path} ${name}`, status: 400 });
          if (response.status === 400) expect(await counts()).toEqual(before);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(100);
  }, 120_000);
});
