import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Comment, Item, Routes, User } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import sharp from 'sharp';
import { RunningStack } from '../src/stack';
import { dataSourceOf, lastSmsCode, STACK_MODES } from './stack-modes';

const HERE = { lat: 40.7128, lng: -74.006 };
const HOUR = 3600 * 1000;

interface ConformanceReport {
  checked: number;
  skipped: string[];
  nonConforming: { where: string; operationId?: string; problems?: string[]; problem?: string; body?: unknown }[];
}

/**
 * A strict client's view of the API: every route of the contracts is called (successes and the usual errors) on
 * the embedded stack, every answer is recorded by the test API client (libs/testing/src/api-traffic-recorder.ts)
 * and checked against the document the stack serves at /api/openapi.json: declared status, Content-Type, body
 * schema, required headers. launcher/test/api-traffic.global-teardown.ts does the same for the traffic of every
 * other stack test.
 */
describe('the API document against the answers of the running app', () => {
  const [embedded] = STACK_MODES;
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let folder: string;
  let traffic: string;
  let previousTrafficFile: string | undefined;
  let document: unknown;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'curbside-api-document-'));
    traffic = join(folder, 'traffic.jsonl');
    writeFileSync(traffic, '');
    previousTrafficFile = process.env.API_TRAFFIC_FILE;
    process.env.API_TRAFFIC_FILE = traffic;
    ({ stack, dispose } = await embedded.start({ RATE_LIMIT_WRITES_PER_MINUTE: '5000', RATE_LIMIT_AUTH_PER_15_MINUTES: '1000' }));
    document = (await new ApiClient(stack.url).get('/api/openapi.json')).body;
  });

  afterAll(async () => {
    if (previousTrafficFile === undefined) delete process.env.API_TRAFFIC_FILE;
    else process.env.API_TRAFFIC_FILE = previousTrafficFile;
    await stack?.close();
    await dispose?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers every route, successes and errors, only as the document says', async () => {
    const api = new ApiClient(stack.url);
    const sql = (query: string, params: unknown[] = []) => dataSourceOf(stack, 'items').query(query, params);
    const newMember = async () => {
      const browser = api.anotherBrowser();
      const user = (await browser.post<User>('/api/users', { firstName: 'Tess' })).body;
      await waitFor(async () => (await sql('SELECT 1 FROM items.posters WHERE user_id = $1', [user.id])).length === 1);
      return { browser, user };
    };
    const poster = await newMember();
    const neighbour = await newMember();
    const stranger = api.anotherBrowser();
    const me = poster.user.id;

    // Platform
    await stranger.get('/api/health');
    await stranger.get('/api/openapi.json');
    await stranger.get('/api/docs');

    // Verification (the poster becomes verified: scout mode and the shop need it)
    const phone = `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    await poster.browser.post('/api/phone/send-code', { phone, name: 'Tess Poster' });
    await poster.browser.post('/api/phone/verify-code', { phone, code: '000000' });
    await poster.browser.post('/api/phone/verify-code', { phone, code: lastSmsCode(stack, `+1${phone}`) });
    await poster.browser.get(`/api/verification/status/${me}`);
    await neighbour.browser.post(`/api/users/${neighbour.user.id}/verify`, { name: 'Ned Neighbour', phone: 'not a phone', verificationMethod: 'phone' });

    // Users
    await stranger.get(`/api/users/${me}`);
    await poster.browser.get(`/api/users/${me}`);
    await stranger.get(`/api/users/${randomUUID()}`);
    await stranger.get('/api/users/not-an-id');
    await poster.browser.request('PATCH', `/api/users/${me}/scout-mode`, { scoutMode: false });
    await neighbour.browser.request('PATCH', `/api/users/${me}/scout-mode`, { scoutMode: false });
    await stranger.request('PATCH', `/api/users/${me}/scout-mode`, { scoutMode: false });
    await poster.browser.request('PUT', `/api/users/${me}/public-name`, { useGeneratedName: true });
    await poster.browser.request('PUT', `/api/users/${me}/public-name`, { useGeneratedName: 'yes' });
    await neighbour.browser.request('PUT', `/api/users/${me}/public-name`, { useGeneratedName: false });
    await poster.browser.request('PATCH', `/api/users/${me}/notification-preferences`, { notificationRadius: '3' });
    await poster.browser.request('PATCH', `/api/users/${me}/subscription`, { tier: 'basic' });
    await poster.browser.request('PATCH', `/api/users/${me}/subscription`, { tier: 'gold-plated' });
    await poster.browser.get(`/api/users/${me}/admin-status`);
    const avatar = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    await poster.browser.postFile(`/api/users/${me}/profile-picture`, 'profilePicture', { name: 'me.png', type: 'image/png', bytes: avatar });
    await poster.browser.postFile(`/api/users/${me}/profile-picture`, 'profilePicture', { name: 'me.txt', type: 'text/plain', bytes: Buffer.from('hello') });

    // Sign-in by phone, then out
    const signIn = api.anotherBrowser();
    const signInPhone = `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    await signIn.post('/api/auth/send-code', { phoneNumber: signInPhone });
    await signIn.post('/api/auth/verify-code', { phoneNumber: signInPhone, code: lastSmsCode(stack, `+1${signInPhone}`), firstName: 'Sam' });
    await signIn.post('/api/auth/logout-others');
    await signIn.post('/api/auth/logout');
    await signIn.post('/api/auth/logout-others');

    // Items
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8b5a2b' } })
      .jpeg()
      .toBuffer();
    const upload = await poster.browser.postFile<{ url: string; thumbnailUrl: string }>('/api/upload', 'photo', {
      name: 'item.jpg',
      type: 'image/jpeg',
      bytes: photo,
    });
    await stranger.postFile('/api/upload', 'photo', { name: 'item.jpg', type: 'image/jpeg', bytes: photo });
    await stranger.get(upload.body.url);
    await stranger.get(upload.body.thumbnailUrl);
    await stranger.get(`/api/media/photos/${randomUUID()}.webp`);
    const item = (
      await poster.browser.post<Item>('/api/items', {
        title: 'Oak dining chair',
        category: 'Furniture',
        location: HERE,
        timeLimit: 12,
        imageUrl: upload.body.url,
      })
    ).body;
    const spare = (await poster.browser.post<Item>('/api/items', { title: 'Box of paperbacks', category: 'Books', location: HERE, timeLimit: 12 })).body;
    await poster.browser.post('/api/items', { title: '', category: 'furniture', location: HERE });
    await poster.browser.postRaw('/api/items', '{"title": ');
    await poster.browser.postRaw('/api/items', 'title=chair', 'text/plain');
    await stranger.post('/api/items', { title: 'Lamp', category: 'Furniture', location: HERE, timeLimit: 12 });
    const sale = (
      await poster.browser.post<Item>('/api/items', {
        isGarageSale: true,
        title: 'Moving sale',
        description: 'Everything must go',
        category: 'Furniture',
        latitude: String(HERE.lat),
        longitude: String(HERE.lng),
        locationDescription: 'Tribeca',
        pricingType: 'free',
        timeLimit: 72,
        garageSaleStartTime: new Date(Date.now() + 24 * HOUR).toISOString(),
        garageSaleEndTime: new Date(Date.now() + 32 * HOUR).toISOString(),
        garageSaleAddress: '1 Main St, New York',
        garageSaleContactInfo: 'Ring the bell',
      })
    ).body;
    await stranger.get(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5&limit=1`);
    await poster.browser.get(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`);
    await stranger.get('/api/items?lat=abc&lng=1');
    await stranger.get(`/api/items/similar?lat=${HERE.lat}&lng=${HERE.lng}&title=${encodeURIComponent('Oak chair')}`);
    await stranger.get(`/api/top-finds?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`);
    await stranger.get('/api/places?q=10001');
    await stranger.get('/api/places?q=x');
    await stranger.get(`/api/items/${item.id}`);
    await stranger.get(`/api/items/${randomUUID()}`);
    await poster.browser.request('PATCH', `/api/items/${item.id}`, { title: 'Solid oak dining chair' });
    await neighbour.browser.request('PATCH', `/api/items/${item.id}`, { title: 'Mine now' });
    await neighbour.browser.post(`/api/items/${item.id}/vote`, {});
    await neighbour.browser.post(`/api/items/${item.id}/vote`, {});
    await poster.browser.post(`/api/items/${item.id}/vote`, {});
    await neighbour.browser.post(`/api/items/${item.id}/still-there`, { stillThere: true });
    await neighbour.browser.post(`/api/items/${sale.id}/interest`, {});
    await stranger.get(`/api/users/${me}/items`);
    await poster.browser.get(`/api/users/${me}/items`);

    // Comments
    const comment = (await neighbour.browser.post<Comment>(`/api/items/${item.id}/comments`, { content: 'Is it still there?' })).body;
    await neighbour.browser.post(`/api/items/${item.id}/comments`, { content: '   ' });
    await stranger.get(`/api/items/${item.id}/comments`);
    await neighbour.browser.request('PATCH', `/api/items/${item.id}/comments/${comment.id}`, { content: 'Is it still there today?' });
    await poster.browser.request('PATCH', `/api/items/${item.id}/comments/${comment.id}`, { content: 'Not yours' });
    await neighbour.browser.get(`/api/users/${neighbour.user.id}/comments/monthly`);
    await neighbour.browser.request('DELETE', `/api/items/${item.id}/comments/${comment.id}`);
    await neighbour.browser.request('DELETE', `/api/items/${item.id}/comments/${comment.id}`);

    // Reports, claims
    await neighbour.browser.post('/api/reports', { reportedItemId: spare.id, reportType: 'spam', reason: 'Advertising' });
    await neighbour.browser.post('/api/reports', { reportedItemId: spare.id, reportType: 'spam', reason: 'Advertising' });
    await neighbour.browser.post('/api/reports', { reportedUserId: me, reportType: 'spam', reason: 'Advertising' });
    await neighbour.browser.post('/api/reports', { reportType: 'spam', reason: 'Nothing named' });

    // Moderation: a member is refused the queue; a moderator reads it; a decision and an appeal on no case
    await neighbour.browser.get('/api/moderation/cases');
    const moderator = await newMember();
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_moderator = true WHERE id = $1', [moderator.user.id]);
    await moderator.browser.get('/api/moderation/cases');
    await moderator.browser.get('/api/moderation/cases?status=sometimes');
    await moderator.browser.post(`/api/moderation/cases/${randomUUID()}/decision`, { decision: 'approve', reason: 'Fine' });
    await moderator.browser.post(`/api/moderation/cases/${randomUUID()}/decision`, { decision: 'ban', reason: '' });
    await neighbour.browser.post(`/api/moderation/cases/${randomUUID()}/decision`, { decision: 'approve', reason: 'Fine' });
    await poster.browser.post(`/api/moderation/cases/${randomUUID()}/appeal`, { reason: 'It was fine' });
    await neighbour.browser.post(`/api/items/${item.id}/validate-pickup`, {});
    await neighbour.browser.request('PATCH', `/api/items/${item.id}/claim`, {});
    await poster.browser.request('PATCH', `/api/items/${item.id}/claim`, {});
    // Handover messages between the poster and the neighbour holding the item; a stranger sees nothing
    const sent = (
      await neighbour.browser.post<{ id: string }>(`/api/items/${item.id}/messages`, {
        text: 'On my way',
        meetAt: { time: '2026-12-01T18:30:00Z', place: 'The gate' },
      })
    ).body;
    await neighbour.browser.post(`/api/items/${item.id}/messages`, { text: 'What is your sign-in code?' });
    await stranger.post(`/api/items/${item.id}/messages`, { text: 'hi' });
    await poster.browser.get(`/api/items/${item.id}/messages`);
    await stranger.get(`/api/items/${item.id}/messages`);
    await poster.browser.post(`/api/items/${item.id}/messages/${sent.id}/meet-at`, { answer: 'accepted' });
    await poster.browser.post(`/api/items/${item.id}/messages/${sent.id}/meet-at`, { answer: 'maybe' });
    // A garage sale's threads: the interested neighbour writes, the poster lists them, anyone else gets 404
    await neighbour.browser.post(`/api/items/${sale.id}/messages`, { text: 'What time do you open?' });
    await poster.browser.get(`/api/items/${sale.id}/messages/threads`);
    await neighbour.browser.get(`/api/items/${sale.id}/messages/threads`);
    // The queue behind the neighbour's hold, then the hold released
    await poster.browser.request('POST', `/api/items/${item.id}/queue`);
    await stranger.request('POST', `/api/items/${item.id}/queue`);
    await stranger.get(`/api/items/${item.id}/queue`);
    await poster.browser.get(`/api/items/${item.id}/queue`);
    await stranger.request('DELETE', `/api/items/${item.id}/queue`);
    await stranger.request('DELETE', `/api/items/${item.id}/queue`);
    // The poster picks from the line: refused on a free item and to anyone else, then on a reward item
    const waiting = await newMember();
    await waiting.browser.request('POST', `/api/items/${item.id}/queue`);
    await poster.browser.request('POST', `/api/items/${item.id}/queue/${waiting.user.id}/pick`);
    await neighbour.browser.request('POST', `/api/items/${item.id}/queue/${waiting.user.id}/pick`);
    await sql(`UPDATE items.items SET pricing_type = 'paid', custom_amount = 500 WHERE id = $1`, [item.id]);
    await poster.browser.request('POST', `/api/items/${item.id}/queue/${me}/pick`);
    await poster.browser.request('POST', `/api/items/${item.id}/queue/not-an-id/pick`);
    await poster.browser.request('POST', `/api/items/${item.id}/queue/${waiting.user.id}/pick`);
    await waiting.browser.request('DELETE', `/api/items/${item.id}/queue`);
    await stranger.request('DELETE', `/api/items/${item.id}/hold`);
    await neighbour.browser.request('DELETE', `/api/items/${item.id}/hold`);
    await poster.browser.get(`/api/items/${item.id}/pickup`);
    await neighbour.browser.get(`/api/items/${item.id}/pickup`);
    await poster.browser.request('DELETE', `/api/items/${spare.id}`, {});
    await poster.browser.request('DELETE', `/api/items/${item.id}`, {});

    // Blocking: the poster blocks and unblocks the neighbour, lists them; blocking oneself is refused
    await poster.browser.post(`/api/users/${neighbour.user.id}/block`, {});
    await poster.browser.post(`/api/users/${me}/block`, {});
    await poster.browser.get('/api/blocks');
    await stranger.get('/api/blocks');
    await poster.browser.request('DELETE', `/api/users/${neighbour.user.id}/block`);

    // Saved searches and wanted posts: saved, listed, past the plan's count, bad input, someone else's delete, deleted
    const saved = await neighbour.browser.post<{ id: string }>('/api/saved-searches', { query: 'oak desk', radius: 5, location: HERE, isPublic: true });
    await neighbour.browser.post('/api/saved-searches', { query: 'lamp', radius: 5, location: HERE });
    await neighbour.browser.post('/api/saved-searches', { query: '', radius: 500, location: { lat: 91, lng: 0 } });
    await stranger.post('/api/saved-searches', { query: 'lamp', radius: 5, location: HERE });
    await neighbour.browser.get('/api/saved-searches');
    await stranger.get(`/api/wanted?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`);
    await stranger.get('/api/wanted?lat=north&lng=0');
    // Auto-claim: Pro only to switch on (this member's plan is not), off on any plan, bad input; new words
    await neighbour.browser.request('PATCH', `/api/saved-searches/${saved.body.id}`, { autoClaim: true });
    await neighbour.browser.request('PATCH', `/api/saved-searches/${saved.body.id}`, { autoClaim: false });
    await neighbour.browser.request('PATCH', `/api/saved-searches/${saved.body.id}`, { autoClaim: 'yes' });
    await neighbour.browser.request('PATCH', `/api/saved-searches/${saved.body.id}`, { query: 'oak desk' });
    await poster.browser.request('DELETE', `/api/saved-searches/${saved.body.id}`);
    await neighbour.browser.request('DELETE', `/api/saved-searches/${saved.body.id}`);

    // Impact: an area's figures (and a position that is not one), a member's (and one nobody knows)
    await stranger.get(`/api/impact?lat=${HERE.lat}&lng=${HERE.lng}`);
    await stranger.get('/api/impact?lat=north&lng=0');
    await stranger.get(`/api/users/${me}/impact`);
    await stranger.get(`/api/users/${randomUUID()}/impact`);

    // Rewards
    const rewards = await stranger.get<{ id: string }[]>('/api/rewards');
    await stranger.get('/api/leaderboard?limit=1');
    await stranger.get('/api/leaderboard?limit=0');
    await poster.browser.get(`/api/users/${me}/rewards`);
    await neighbour.browser.get(`/api/users/${me}/rewards`);
    await poster.browser.post(`/api/rewards/${rewards.body[0].id}/redeem`, {});
    await poster.browser.post(`/api/rewards/${randomUUID()}/redeem`, {});
    await poster.browser.get(`/api/users/${me}/perks`);
    await poster.browser.post(`/api/users/${me}/perks/${randomUUID()}/use`, {});
    await poster.browser.post(`/api/users/${me}/perks/${randomUUID()}/use`, { itemId: randomUUID() });
    await poster.browser.post(`/api/users/${me}/perks/not-a-perk/use`, {});

    // Fulfilment: goods sent by post take an address; administrators list open redemptions and decide them
    const reward = (name: string) => (rewards.body as { id: string; name: string }[]).find((r) => r.name === name)?.id as string;
    const address = { name: 'Tess Doe', line1: '1 Main St', city: 'Springfield', postalCode: '01101', country: 'United States' };
    await dataSourceOf(stack, 'rewards').query(
      `INSERT INTO rewards.balances (user_id, points, earned, version) VALUES ($1, 2000, 2000, 1) ON CONFLICT (user_id) DO UPDATE SET points = 2000`,
      [me],
    );
    await poster.browser.post(`/api/rewards/${reward('Curbside Tote Bag')}/redeem`, {});
    await poster.browser.post(`/api/rewards/${reward('Curbside Tote Bag')}/redeem`, { address: { ...address, postalCode: '<>' } });
    await poster.browser.post(`/api/rewards/${reward('$5 Virtual Gift Card')}/redeem`, {});
    const tote = await poster.browser.post<{ redemptionId: string }>(`/api/rewards/${reward('Curbside Tote Bag')}/redeem`, { address });
    const stickers = await poster.browser.post<{ redemptionId: string }>(`/api/rewards/${reward('Curbside Sticker Pack')}/redeem`, { address });
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_admin = true WHERE id = $1', [neighbour.user.id]);
    await poster.browser.get('/api/admin/fulfilment');
    await stranger.get('/api/admin/fulfilment');
    await neighbour.browser.get('/api/admin/fulfilment');
    await poster.browser.post(`/api/admin/fulfilment/${tote.body.redemptionId}/fulfil`, {});
    await neighbour.browser.post(`/api/admin/fulfilment/${tote.body.redemptionId}/fulfil`, {});
    await neighbour.browser.post(`/api/admin/fulfilment/${tote.body.redemptionId}/fulfil`, {});
    await neighbour.browser.post(`/api/admin/fulfilment/${randomUUID()}/fulfil`, {});
    await neighbour.browser.post(`/api/admin/fulfilment/${stickers.body.redemptionId}/cancel`, {});
    await neighbour.browser.post(`/api/admin/fulfilment/${stickers.body.redemptionId}/cancel`, { reason: 'Out of stickers' });
    await neighbour.browser.post(`/api/admin/fulfilment/${stickers.body.redemptionId}/cancel`, { reason: 'Again' });
    await poster.browser.get(`/api/users/${me}/rewards`);

    // Notifications and the live stream
    const notifications = await poster.browser.get<{ id: string }[]>(`/api/notifications/${me}`);
    await poster.browser.get(`/api/notifications/${me}?unreadOnly=true`);
    await poster.browser.get(`/api/notifications/${me}/count`);
    if (notifications.body[0]) await poster.browser.request('PATCH', `/api/notifications/${notifications.body[0].id}/read`);
    await poster.browser.request('PATCH', `/api/notifications/${randomUUID()}/read`);
    await poster.browser.request('PATCH', `/api/notifications/${me}/read-all`);
    await poster.browser.request('PUT', `/api/notifications/${me}/position`, HERE);
    await poster.browser.request('PUT', `/api/users/${me}/email`, { email: 'poster@example.org' });
    await poster.browser.request('PUT', `/api/users/${me}/email`, { email: 'nope' });
    await stranger.get(`/api/email/confirm?token=${'a'.repeat(43)}`);
    await stranger.get(`/api/email/unsubscribe?token=${'a'.repeat(43)}`);
    await stranger.post(`/api/email/unsubscribe?token=${'a'.repeat(43)}`, {});
    await poster.browser.get('/api/push/public-key');
    const pushKeys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    const subscribed = await poster.browser.post<{ id: string }>('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/api-document',
      keys: pushKeys,
    });
    await poster.browser.post('/api/push/subscriptions', { endpoint: 'https://evil.example/push', keys: pushKeys });
    await poster.browser.request('DELETE', `/api/push/subscriptions/${subscribed.body.id}`);
    await poster.browser.request('DELETE', `/api/push/subscriptions/${randomUUID()}`);
    const live = await poster.browser.eventStream('/api/events/stream');
    await live.close();
    await stranger.get('/api/events/stream');

    // Emergency access (off here: no EMERGENCY_PASSWORD_HASH)
    await poster.browser.request('PUT', `/api/users/${me}/emergency-contact`, { emergencyContact: { name: 'Robin Ortega', phone: '(555) 010-4477' } });
    await poster.browser.request('PUT', `/api/users/${me}/emergency-contact`, { emergencyContact: { name: '', phone: '12' } });
    await poster.browser.get(`/api/users/${me}/emergency-contact`);
    await stranger.get(`/api/users/${me}/emergency-contact`);
    await poster.browser.post('/api/emergency/unlock', { adminUserId: me, adminPassword: 'x' });
    await poster.browser.post('/api/emergency/access', { adminUserId: me, targetUserId: me, reason: 'Welfare check' });
    await poster.browser.get('/api/emergency/logs');

    const report = check(stack.url, traffic, document);
    const called = new Set(report.operations);
    expect(report.nonConforming).toEqual([]);
    expect(Object.keys(Routes).filter((operationId) => !called.has(operationId))).toEqual([]);
    expect(report.checked).toBeGreaterThan(80);
    expect(report.statuses).toEqual(expect.arrayContaining([200, 201, 400, 401, 403, 404, 409, 415]));
  });

  it('is checked by a validator that does flag answers the document does not allow', () => {
    const base = stack.url;
    const id = randomUUID();
    const json = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r' };
    const answers = [
      // A creating POST that answers 200, as the old document claimed.
      { method: 'POST', url: `${base}/api/items`, status: 200, headers: json, body: {}, hadBody: true },
      // An item without its fields.
      { method: 'GET', url: `${base}/api/items/${id}`, status: 200, headers: json, body: { id }, hadBody: true },
      // The feed without X-Radius-Cap.
      { method: 'GET', url: `${base}/api/items?lat=1&lng=1`, status: 200, headers: json, body: [], hadBody: true },
      // An error without its code.
      { method: 'GET', url: `${base}/api/items/${id}`, status: 404, headers: json, body: { message: 'Item not found' }, hadBody: true },
      // An image answered as JSON.
      {
        method: 'GET',
        url: `${base}/api/media/photos/${id}.webp`,
        status: 200,
        headers: { ...json, etag: '"x"', 'cache-control': 'public' },
        body: {},
        hadBody: true,
      },
    ];
    writeFileSync(join(folder, 'bad.jsonl'), answers.map((a) => JSON.stringify(a)).join('\n'));
    const report = check(stack.url, join(folder, 'bad.jsonl'), document);
    expect(report.nonConforming.map((n) => n.where)).toEqual([
      `POST /api/items → 200`,
      `GET /api/items/${id} → 200`,
      'GET /api/items?lat=1&lng=1 → 200',
      `GET /api/items/${id} → 404`,
      `GET /api/media/photos/${id}.webp → 200`,
    ]);
  });
});

/** Runs launcher/test/openapi-conformance.mjs on the recorded traffic (a Node process: see that file for why). */
function check(baseUrl: string, trafficFile: string, document: unknown): ConformanceReport & { operations: string[]; statuses: number[] } {
  const documentFile = join(trafficFile, '..', 'openapi.json');
  writeFileSync(documentFile, JSON.stringify(document));
  const lines = readFileSync(trafficFile, 'utf8').split('\n').filter(Boolean);
  expect(lines.every((line) => (JSON.parse(line) as { url: string }).url.startsWith(baseUrl))).toBe(true);
  const output = execFileSync(process.execPath, [join(__dirname, 'openapi-conformance.mjs'), documentFile, trafficFile], { encoding: 'utf8' });
  const statuses = [...new Set(lines.map((line) => (JSON.parse(line) as { status: number }).status))].sort();
  return { ...JSON.parse(output), statuses };
}
