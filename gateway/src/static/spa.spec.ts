import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Curbside</title>');
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

  it('leaves API paths to the API', async () => {
    expect((await fetch(`${base}/api/nothing`)).status).toBe(404);
  });
});
