import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { serveSpa } from './spa';

describe('serving the SPA', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'curbside-spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Curbside</title></head><body></body></html>');
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify({ '/': ['/assets/home-1a2b.js', '/assets/shared-3c4d.js'], '/map': ['/assets/map-5e6f.js', '/assets/item-card-7a8b.js'], '/shop': ['"><script>alert(1)</script>'] }),
    );
    writeFileSync(join(dir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    const app = express();
    serveSpa(app, dir);
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year as immutable, never the page, an hour for the rest', async () => {
    expect((await fetch(`${base}/assets/index-3f9a1c.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${base}/map`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${base}/favicon.svg`)).headers.get('cache-control')).toBe('public, max-age=3600');
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
    expect((await fetch(`${base}/api/nothing`)).status).toBe(404);
  });
});
