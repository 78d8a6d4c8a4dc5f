import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastify, { FastifyInstance } from 'fastify';
import { serveSpa, SpaOptions } from './spa';

const SOFA = '0b0e6c1a-2f3d-4c5e-8a9b-1c2d3e4f5a6b';
const HOSTILE = '1b0e6c1a-2f3d-4c5e-8a9b-1c2d3e4f5a6b';
const UNKNOWN = '2b0e6c1a-2f3d-4c5e-8a9b-1c2d3e4f5a6b';
// What findItem hands the page is the public view's three fields; the gateway's lookup (create-gateway-app.ts) picks them.
const items = new Map([
  [SOFA, { title: 'Green sofa', description: 'Comfy, by the oak tree', imageUrl: '/api/media/photos/0a5e7c52-3f4b-4c1e-9d7a-1b2c3d4e5f60.webp' }],
  [HOSTILE, { title: '"><script>alert(1)</script>', description: "<img src=x onerror=alert('x')> & `more`", imageUrl: 'https://cdn.example/p.jpg?a=1&b="2"' }],
]);

/** The SPA alone on a server of its own; the API's 404 stands for the gateway's. */
async function spaServer(dir: string, options: SpaOptions): Promise<{ app: FastifyInstance; base: string }> {
  const app = fastify();
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: 'COMMON.NOT_FOUND' }));
  await serveSpa(app, dir, options);
  return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

describe('serving the SPA', () => {
  let dir: string;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'curbside-spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Curbside</title></head><body></body></html>');
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify({
        '/items/:id': ['/assets/item-9c0d.js'],
        '/': ['/assets/home-1a2b.js', '/assets/shared-3c4d.js'],
        '/map': ['/assets/map-5e6f.js', '/assets/item-card-7a8b.js'],
        '/shop': ['"><script>alert(1)</script>'],
      }),
    );
    writeFileSync(join(dir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    ({ app, base } = await spaServer(dir, { findItem: async (id) => items.get(id) ?? null }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year as immutable, never the page, an hour for the rest', async () => {
    expect((await fetch(`${base}/assets/index-3f9a1c.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${base}/map`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${base}/favicon.svg`)).headers.get('cache-control')).toBe('public, max-age=3600');
    // The service worker is checked on every visit.
    expect((await fetch(`${base}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
  });

  const preloads = async (path: string) =>
    [...(await (await fetch(`${base}${path}`)).text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("names the files of the screen at the path as module preloads, in the page's head", async () => {
    expect(await preloads('/')).toEqual(['/assets/home-1a2b.js', '/assets/shared-3c4d.js']);
    expect(await preloads('/map')).toEqual(['/assets/map-5e6f.js', '/assets/item-card-7a8b.js']);
    expect(await preloads('/map/')).toEqual(['/assets/map-5e6f.js', '/assets/item-card-7a8b.js']);
    expect(await (await fetch(`${base}/map`)).text()).toMatch(/item-card-7a8b\.js"><\/head>/);
    // A client-side route without its own screen file (the not-found page) gets the plain page.
    expect(await preloads('/no/such/page')).toEqual([]);
  });

  it('names nothing that is not one of our script files', async () => {
    expect(await preloads('/shop')).toEqual([]);
    expect(await (await fetch(`${base}/shop`)).text()).not.toContain('<script>');
  });

  it('serves the page of a new build without a restart', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Curbside 2</title></head><body></body></html>');
    utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    const page = await (await fetch(`${base}/map`)).text();
    expect(page).toContain('Curbside 2');
    expect(page).toContain('/assets/map-5e6f.js');
  });

  it('leaves API paths to the API', async () => {
    const response = await fetch(`${base}/api/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'COMMON.NOT_FOUND' });
  });

  it('serves no file outside the build, nor a hidden one: the app page instead', async () => {
    writeFileSync(join(dir, '.env'), 'SECRET=1');
    for (const path of ['/.env', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%2e%2e/index.html']) {
      const page = await (await fetch(`${base}${path}`)).text();
      expect(page).not.toContain('SECRET');
      expect(page).not.toContain('root:');
    }
    expect(await (await fetch(`${base}/favicon.svg`)).text()).toBe('<svg/>');
  });

  const metaOf = (page: string) => Object.fromEntries([...page.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]));

  it("puts an item's title, description and photo thumbnail in Open Graph and Twitter tags of its page", async () => {
    const response = await fetch(`${base}/items/${SOFA}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const page = await response.text();
    const meta = metaOf(page);
    expect(meta['og:title']).toBe('Green sofa');
    expect(meta['twitter:title']).toBe('Green sofa');
    expect(meta['og:description']).toBe('Comfy, by the oak tree');
    expect(meta['og:image']).toBe(`${base}/api/media/photos/0a5e7c52-3f4b-4c1e-9d7a-1b2c3d4e5f60-thumb.webp`);
    expect(meta['twitter:image']).toBe(`${base}/api/media/photos/0a5e7c52-3f4b-4c1e-9d7a-1b2c3d4e5f60-thumb.webp`);
    expect(meta['og:url']).toBe(`${base}/items/${SOFA}`);
    expect(page).toContain('<title>Green sofa · Curbside</title>');
    expect(page.match(/<title>/g)).toHaveLength(1);
    // The item screen's files are named as on any other screen.
    expect(await preloads(`/items/${SOFA}`)).toEqual(['/assets/item-9c0d.js']);
  });

  it('names the links of a preview at the public address when one is set, whatever Host the request sent', async () => {
    const other = await spaServer(dir, { findItem: async (id) => items.get(id) ?? null, publicUrl: 'https://curbside.example/' });
    try {
      const page = await (await fetch(`${other.base}/items/${SOFA}`, { headers: { host: 'evil.example' } })).text();
      const meta = metaOf(page);
      expect(meta['og:url']).toBe(`https://curbside.example/items/${SOFA}`);
      expect(meta['og:image']).toBe('https://curbside.example/api/media/photos/0a5e7c52-3f4b-4c1e-9d7a-1b2c3d4e5f60-thumb.webp');
    } finally {
      await other.app.close();
    }
  });

  it('escapes every value it puts in the page', async () => {
    const page = await (await fetch(`${base}/items/${HOSTILE}`)).text();
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('"2"');
    const meta = metaOf(page);
    expect(meta['og:title']).toBe('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(meta['og:description']).toContain('&#38; &#96;more&#96;');
    expect(meta['og:image']).toBe('https://cdn.example/p.jpg?a=1&#38;b=&#34;2&#34;');
  });

  it('answers 404 with the app page (its own not-found) for an unknown or removed item, and for a malformed id', async () => {
    for (const path of [`/items/${UNKNOWN}`, '/items/not-an-id', `/items/${SOFA}/extra`]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      const page = await response.text();
      expect(page).toMatch(/<title>Curbside( 2)?<\/title>/); // an earlier test deployed "a new build"
      expect(metaOf(page)).toEqual({});
    }
  });

  it('answers 404, not the app page, for a file of the build that is not there', async () => {
    for (const path of ['/assets/missing.js', '/assets/index-3f9a1c.css', '/assets/deep/nothing.png']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).not.toContain('html');
    }
    expect((await fetch(`${base}/assets/index-3f9a1c.js`)).status).toBe(200);
  });
});

describe('an item page when the items service does not answer', () => {
  it('serves the page without tags rather than failing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'curbside-spa-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Curbside</title></head><body></body></html>');
    const { app, base } = await spaServer(dir, { findItem: () => Promise.reject(new Error('timeout')) });
    try {
      const response = await fetch(`${base}/items/${SOFA}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Curbside</title>');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
