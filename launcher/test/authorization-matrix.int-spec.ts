import { randomInt } from 'node:crypto';
import { FulfilmentMessages, User } from '@curbside/contracts';
import { ApiClient } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, STACK_MODES } from './stack-modes';

type Role = 'anonymous' | 'owner' | 'other' | 'admin';
type Expect = Record<Role, number>;

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** `:id` is the owner's id. */
  path: string;
  body?: () => unknown;
  expect: Expect;
  /** What a 403 says, when it is not about acting as someone else. */
  forbidden?: string;
}

const phone = () => `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
const OWNER_ONLY: Expect = { anonymous: 401, owner: 200, other: 403, admin: 403 };
const OWNER_ONLY_CREATE: Expect = { anonymous: 401, owner: 201, other: 403, admin: 403 };
const SIGNED_IN_CREATE: Expect = { anonymous: 401, owner: 201, other: 201, admin: 201 };
const PUBLIC_READ: Expect = { anonymous: 200, owner: 200, other: 200, admin: 200 };
const PUBLIC_CREATE: Expect = { anonymous: 201, owner: 201, other: 201, admin: 201 };
const HERE = { lat: 45.5017, lng: -73.5673 };

/**
 * Who may call what (spec §6 of both documents + docs/security.md): one row per route, one test per role. Admin
 * rights give nothing over other people's accounts here; they open the emergency tool and the fulfilment list only.
 */
const ROWS: Row[] = [
  { route: 'read a user', method: 'GET', path: '/api/users/:id', expect: PUBLIC_READ },
  { route: "a user's items", method: 'GET', path: '/api/users/:id/items', expect: PUBLIC_READ },
  { route: "a user's impact", method: 'GET', path: '/api/users/:id/impact', expect: PUBLIC_READ },
  { route: "an area's impact", method: 'GET', path: `/api/impact?lat=${HERE.lat}&lng=${HERE.lng}`, expect: PUBLIC_READ },
  { route: 'scout mode', method: 'PATCH', path: '/api/users/:id/scout-mode', body: () => ({ scoutMode: false }), expect: OWNER_ONLY },
  { route: 'public name', method: 'PUT', path: '/api/users/:id/public-name', body: () => ({ useGeneratedName: false }), expect: OWNER_ONLY },
  {
    route: 'notification preferences',
    method: 'PATCH',
    path: '/api/users/:id/notification-preferences',
    body: () => ({ notificationRadius: '3' }),
    expect: OWNER_ONLY,
  },
  { route: 'subscription', method: 'PATCH', path: '/api/users/:id/subscription', body: () => ({ tier: 'basic' }), expect: OWNER_ONLY },
  { route: 'admin status', method: 'GET', path: '/api/users/:id/admin-status', expect: OWNER_ONLY },
  {
    route: 'submit verification',
    method: 'POST',
    path: '/api/users/:id/verify',
    body: () => ({ name: 'Pat Doe', email: '', phone: phone(), verificationMethod: 'phone' }),
    expect: OWNER_ONLY_CREATE,
  },
  { route: 'verification status', method: 'GET', path: '/api/verification/status/:id', expect: OWNER_ONLY },
  {
    route: 'post an item as the owner',
    method: 'POST',
    path: '/api/items',
    body: () => ({ title: 'Bookshelf', category: 'Furniture', location: HERE, posterId: ':id' }),
    expect: OWNER_ONLY_CREATE,
  },
  {
    route: 'start phone verification',
    method: 'POST',
    path: '/api/phone/send-code',
    body: () => ({ phone: phone(), name: 'Pat Doe' }),
    expect: SIGNED_IN_CREATE,
  },
  {
    route: 'finish phone verification (no code was sent)',
    method: 'POST',
    path: '/api/phone/verify-code',
    body: () => ({ phone: phone(), code: '123456' }),
    expect: { anonymous: 401, owner: 400, other: 400, admin: 400 },
  },
  { route: 'the feed', method: 'GET', path: `/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`, expect: PUBLIC_READ },
  { route: 'create an anonymous user', method: 'POST', path: '/api/users', body: () => ({}), expect: PUBLIC_CREATE },
  { route: 'send a sign-in code', method: 'POST', path: '/api/auth/send-code', body: () => ({ phoneNumber: phone() }), expect: PUBLIC_CREATE },
  { route: 'the points shop', method: 'GET', path: '/api/rewards', expect: PUBLIC_READ },
  { route: "a user's redemptions", method: 'GET', path: '/api/users/:id/rewards', expect: OWNER_ONLY },
  { route: "a user's perks", method: 'GET', path: '/api/users/:id/perks', expect: OWNER_ONLY },
  {
    route: 'redeem as the owner (no such reward)',
    method: 'POST',
    path: '/api/rewards/00000000-0000-4000-8000-000000000000/redeem',
    body: () => ({ userId: ':id' }),
    expect: { anonymous: 401, owner: 404, other: 403, admin: 403 },
  },
  {
    route: 'the fulfilment list',
    method: 'GET',
    path: '/api/admin/fulfilment',
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
    forbidden: FulfilmentMessages.notAdmin,
  },
  {
    route: 'fulfil a redemption (no such one)',
    method: 'POST',
    path: '/api/admin/fulfilment/00000000-0000-4000-8000-000000000000/fulfil',
    expect: { anonymous: 401, owner: 403, other: 403, admin: 404 },
    forbidden: FulfilmentMessages.notAdmin,
  },
  { route: 'the leaderboard', method: 'GET', path: '/api/leaderboard?limit=10', expect: PUBLIC_READ },
  { route: "a user's notifications", method: 'GET', path: '/api/notifications/:id?unreadOnly=true', expect: OWNER_ONLY },
  { route: "a user's unread count", method: 'GET', path: '/api/notifications/:id/count', expect: OWNER_ONLY },
  { route: 'mark all read', method: 'PATCH', path: '/api/notifications/:id/read-all', body: () => ({}), expect: OWNER_ONLY },
  {
    route: 'report a position for alerts',
    method: 'PUT',
    path: '/api/notifications/:id/position',
    body: () => ({ lat: 45.5, lng: -73.5 }),
    expect: OWNER_ONLY,
  },
  {
    route: "mark a notification read (none of the caller's)",
    method: 'PATCH',
    path: '/api/notifications/00000000-0000-4000-8000-000000000000/read',
    body: () => ({}),
    expect: { anonymous: 401, owner: 404, other: 404, admin: 404 },
  },
  { route: 'health', method: 'GET', path: '/api/health', expect: PUBLIC_READ },
  { route: 'API document', method: 'GET', path: '/api/docs', expect: PUBLIC_READ },
];

const ROLES: Role[] = ['anonymous', 'owner', 'other', 'admin'];

describe.each(STACK_MODES)('authorization matrix, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  const browsers = {} as Record<Role, ApiClient>;
  let ownerId: string;

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({ RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', RATE_LIMIT_WRITES_PER_MINUTE: '1000' }));
    const api = new ApiClient(stack.url);
    for (const role of ROLES) browsers[role] = api.anotherBrowser();
    ownerId = (await browsers.owner.post<User>('/api/users', {})).body.id;
    await browsers.other.post('/api/users', {});
    const admin = (await browsers.admin.post<User>('/api/users', {})).body.id;
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_admin = true WHERE id = $1', [admin]);
    expect((await browsers.admin.get(`/api/users/${admin}/admin-status`)).body).toEqual({ isAdmin: true, isModerator: false });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  const cells = ROWS.flatMap((row) => ROLES.map((role) => [row.route, role, row.expect[role], row] as const));

  it.each(cells)('%s as %s → %i', async (_route, role, status, row) => {
    const fill = (text: string) => text.replace(/:id/g, ownerId);
    const body = row.body ? JSON.parse(fill(JSON.stringify(row.body()))) : undefined;
    // A copy of the browser: a response that sets a cookie must not change who later rows act as.
    const response = await browsers[role].clone().request<Record<string, unknown>>(row.method, fill(row.path), body);
    expect({ status: response.status, body: response.body }).toMatchObject({ status });
    if (status === 403) expect(response.body.message).toBe(row.forbidden ?? 'You can only act as yourself');
    if (status === 401) expect(response.body.message).toBe('Please sign in first');
  });

  it('shows private fields to the owner only', async () => {
    const privateFields = ['firstName', 'isVerified', 'verifiedPhone', 'locationRadius', 'notificationRadius', 'enableSmsNotifications'];
    const own = (await browsers.owner.get<Record<string, unknown>>(`/api/users/${ownerId}`)).body;
    for (const field of privateFields) expect(own).toHaveProperty(field);
    for (const role of ['anonymous', 'other', 'admin'] as const) {
      const seen = (await browsers[role].get<Record<string, unknown>>(`/api/users/${ownerId}`)).body;
      expect(Object.keys(seen).sort()).toEqual(['badges', 'id', 'points', 'profileFrame', 'rank', 'scoutMode', 'subscriptionTier', 'username']);
    }
  });
});
