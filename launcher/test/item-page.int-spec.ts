import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Item, User } from '@curbside/contracts';
import { ApiClient } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { STACK_MODES } from './stack-modes';

// Digits that would give the spot away: the exact position and the blurred one both start with these.
const SPOT = { lat: 40.7580321, lng: -73.9855123 };

/** The SPA's page for an item, as a link preview fetches it: no cookie, plain HTTP. */
async function page(stack: RunningStack, path: string): Promise<{ status: number; html: string; cacheControl: string | null }> {
  const response = await fetch(`${stack.url}${path}`);
  return { status: response.status, html: await response.text(), cacheControl: response.headers.get('cache-control') };
}

describe.each(STACK_MODES)('the item page, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;
  // A build of the SPA of its own (the page is all that matters here), so the test needs no frontend build.
  const dist = mkdtempSync(join(tmpdir(), 'curbside-spa-'));

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Curbside</title></head><body><div id="root"></div></body></html>');
    ({ stack, dispose } = await mode.start({ FRONTEND_DIST: dist }));
    api = new ApiClient(stack.url);
    expect((await api.post<User>('/api/users', {})).status).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await dispose?.();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves /items/{id} with the item's title and description in its preview tags, escaped, never a position", async () => {
    const posted = await api.post<Item>('/api/items', { title: 'Chair <b>"oak"</b>', description: 'Sturdy & clean', category: 'Furniture', location: SPOT });
    expect(posted.status).toBe(201);
    const item = await page(stack, `/items/${posted.body.id}`);
    expect(item.status).toBe(200);
    expect(item.cacheControl).toBe('no-cache');
    expect(item.html).toContain('<meta property="og:title" content="Chair &#60;b&#62;&#34;oak&#34;&#60;/b&#62;">');
    expect(item.html).toContain('<meta name="twitter:description" content="Sturdy &#38; clean">');
    expect(item.html).toContain('<title>Chair &#60;b&#62;&#34;oak&#34;&#60;/b&#62; · Curbside</title>');
    expect(item.html).not.toMatch(/40\.75|73\.98|latitude|longitude/);
  });

  it('answers 404 for an unknown item, a removed one and a missing build file', async () => {
    const posted = await api.post<Item>('/api/items', { title: 'Short-lived lamp', category: 'Household', location: SPOT });
    expect((await page(stack, `/items/${posted.body.id}`)).status).toBe(200);
    expect((await api.request('DELETE', `/api/items/${posted.body.id}`)).status).toBe(200);
    for (const path of [`/items/${posted.body.id}`, '/items/00000000-0000-4000-a000-00000000dead']) {
      const gone = await page(stack, path);
      expect(gone.status).toBe(404);
      expect(gone.html).not.toContain('og:title');
    }
    const missing = await fetch(`${stack.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('html');
  });
});
