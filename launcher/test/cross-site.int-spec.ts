import { Item, User } from '@curbside/contracts';
import { RunningStack } from '../src/stack';
import { STACK_MODES } from './stack-modes';

const HERE = { lat: 45.5017, lng: -73.5673 };

/** A browser of our own, to send exactly the headers another site's page would make it send. */
async function call(url: string, init: { method: string; cookie?: string; headers?: Record<string, string>; body?: string }) {
  const response = await fetch(url, {
    method: init.method,
    headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, setCookie: response.headers.get('set-cookie') };
}

describe('requests from other sites (docs/security.md)', () => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let cookie: string;
  let neighbour: string;
  let me: User;
  let item: Item;

  beforeAll(async () => {
    ({ stack, dispose } = await STACK_MODES[0].start({ RATE_LIMIT_WRITES_PER_MINUTE: '1000' }));
    const created = await call(`${stack.url}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    cookie = (created.setCookie ?? '').split(';')[0];
    me = created.body;
    const second = await call(`${stack.url}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    neighbour = (second.setCookie ?? '').split(';')[0];
    const posted = await call(`${stack.url}/api/items`, {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json', origin: stack.url, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ title: 'Oak desk', category: 'Furniture', location: HERE }),
    });
    expect(posted.status).toBe(201);
    item = posted.body;
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  const stillSignedIn = async () => (await call(`${stack.url}/api/users/${me.id}/admin-status`, { method: 'GET', cookie })).status === 200;

  it('refuses a text/plain form post (it once logged a neighbour out) and keeps the session', async () => {
    const response = await call(`${stack.url}/api/auth/logout`, { method: 'POST', cookie, headers: { 'content-type': 'text/plain' }, body: '{"x":1}=' });
    expect(response).toMatchObject({ status: 415, body: { message: 'Send the request as JSON (Content-Type: application/json)' } });
    expect(await stillSignedIn()).toBe(true);
  });

  it('refuses it on a path spelled with escaped letters too, which the router decodes to the same route', async () => {
    for (const path of ['/%61pi/auth/logout', '/api/auth/logou%74', '/%2561pi/auth/logout']) {
      const response = await call(`${stack.url}${path}`, { method: 'POST', cookie, headers: { 'content-type': 'text/plain' }, body: '{"x":1}=' });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    const foreign = await call(`${stack.url}/%61pi/items/${item.id}/vote`, {
      method: 'POST',
      cookie: neighbour,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign).toMatchObject({ status: 403, body: { message: 'Requests from other sites are not accepted' } });
    expect(await stillSignedIn()).toBe(true);
  });

  it("lets a mail provider's one-click unsubscribe through, a form post from its own servers that only its token authorises", async () => {
    const response = await fetch(`${stack.url}/api/email/unsubscribe?token=${'x'.repeat(43)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await response.text()).toContain('This unsubscribe link is not known.');
  });

  it('refuses an urlencoded form post', async () => {
    const response = await call(`${stack.url}/api/users`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(response.status).toBe(415);
  });

  it('refuses a JSON write from a foreign Origin or marked cross-site, with 403, and changes nothing', async () => {
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
    for (const headers of foreign) {
      const response = await call(`${stack.url}/api/items/${item.id}/vote`, {
        method: 'POST',
        cookie: neighbour,
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      expect(response).toMatchObject({ status: 403, body: { message: 'Requests from other sites are not accepted' } });
    }
    const view = await call(`${stack.url}/api/items/${item.id}`, { method: 'GET', cookie });
    expect(view.body.voteCount).toBe(0);
  });

  it('accepts the app itself: same origin, same-site fetch metadata, or no browser headers at all', async () => {
    const vote = await call(`${stack.url}/api/items/${item.id}/vote`, {
      method: 'POST',
      cookie: neighbour,
      headers: { 'content-type': 'application/json', origin: stack.url, 'sec-fetch-site': 'same-origin' },
      body: '{}',
    });
    expect(vote.status).toBeLessThan(300);
    const logout = await call(`${stack.url}/api/auth/logout`, { method: 'POST', cookie });
    expect(logout.status).toBeLessThan(300);
  });

  it('leaves reads from other sites alone', async () => {
    const feed = await call(`${stack.url}/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`, {
      method: 'GET',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(feed.status).toBe(200);
  });
});
