import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { serveApiReferenceAssets } from './api-reference';
import { DocsController } from './docs.controller';
import { buildOpenApiDocument } from './openapi';

@Module({ controllers: [DocsController] })
class DocsTestModule {}

describe('GET /api/openapi.json and /api/docs', () => {
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(DocsTestModule, new FastifyAdapter(), { logger: false });
    serveApiReferenceAssets(app.getHttpAdapter().getInstance());
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(() => app.close());

  it('serves the document generated from the contracts', async () => {
    const response = await fetch(`${baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('serves a reference page whose scripts and styles all come from this server, none inline', async () => {
    const response = await fetch(`${baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['/api/docs/assets/swagger-ui.css', '/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/start.js']);
    expect(page).not.toMatch(/<script>|<style|style="/);
    const types = { css: /^text\/css/, js: /^(text|application)\/javascript/ } as const;
    for (const source of sources) {
      const asset = await fetch(`${baseUrl}${source}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(types[source.endsWith('.css') ? 'css' : 'js']);
      expect((await asset.text()).length).toBeGreaterThan(0);
    }
    expect(await (await fetch(`${baseUrl}/api/docs/assets/start.js`)).text()).toContain('url: "/api/openapi.json"');
  });

  it('serves nothing else of the package', async () => {
    expect((await fetch(`${baseUrl}/api/docs/assets/index.html`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/docs/assets/package.json`)).status).toBe(404);
  });
});
