import { IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import type { WritePacket } from '@nestjs/microservices';
import { Calls } from '@curbside/contracts';
import { InMemoryRpcBroker } from '@curbside/platform';
import { helmetHeaders } from './security-headers';
import { startTestGateway, TestGateway } from './test-gateway.fixture';

/** A feed page big enough to be compressed: what the items service hands the gateway, already serialised. */
const ITEMS_JSON = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: `item-${i}`, title: `A sturdy oak chair, number ${i}` })));

describe('the gateway on the wire', () => {
  let gateway: TestGateway;
  let base: string;

  beforeAll(async () => {
    const services = new InMemoryRpcBroker();
    services.register(Calls.items.feed.subject, (_data, respond: (packet: WritePacket) => void) =>
      respond({ response: { itemsJson: ITEMS_JSON, nextCursor: null, radiusCap: 5 }, isDisposed: true }),
    );
    gateway = await startTestGateway(services);
    base = gateway.base;
  });

  afterAll(() => gateway.close());

  const feed = (headers: Record<string, string> = {}, path = '/api/items') => fetch(`${base}${path}?lat=40.7&lng=-74&radius=5`, { headers });
  const post = (body: string) =>
    fetch(`${base}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));

  /** A GET as a browser's HTTP cache sends it (fetch would add Cache-Control: no-cache to a conditional request), raw. */
  function rawGet(headers: Record<string, string>, path = '/api/items') {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      request(`${base}${path}?lat=40.7&lng=-74&radius=5`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('sends a list compressed in one piece with its length, tagged for revalidation, and the same list with a trailing slash', async () => {
    const first = await rawGet({ 'accept-encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers['x-radius-cap']).toBe('5');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['transfer-encoding']).toBeUndefined();
    expect(Number(first.headers['content-length'])).toBe(first.bytes.length);
    expect(first.bytes.length).toBeLessThan(ITEMS_JSON.length / 2);
    expect(brotliDecompressSync(first.bytes).toString()).toBe(ITEMS_JSON);

    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await rawGet({ 'accept-encoding': 'br, gzip', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    // A reload that asks past the cache gets the list again.
    expect((await rawGet({ 'if-none-match': tag, 'cache-control': 'no-cache' })).status).toBe(200);
    expect((await rawGet({}, '/api/items/')).bytes.toString()).toBe(ITEMS_JSON);
  });

  it("echoes a sane X-Request-Id, replaces any other, and puts helmet's headers on every answer, refusals too", async () => {
    expect((await feed({ 'x-request-id': 'abc-123.x_y' })).headers.get('x-request-id')).toBe('abc-123.x_y');
    expect((await feed({ 'x-request-id': 'no spaces <here>' })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const response of [await feed(), await fetch(`${base}/api/nothing`), await fetch(`${base}/`)]) {
      for (const [name, value] of helmetHeaders()) expect(response.headers.get(name)).toBe(value);
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers a URL the router cannot read with the API error', async () => {
    const response = await fetch(`${base}/api/items/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'COMMON.VALIDATION_FAILED' });
  });

  it('refuses a body that is not JSON, or is a bare value, or is too large, before any route runs, with the API error', async () => {
    const notJson = { code: 'COMMON.VALIDATION_FAILED', message: 'The request body is not valid JSON' };
    expect(await post('{"title": ')).toEqual({ status: 400, body: notJson });
    expect(await post('"a string"')).toEqual({ status: 400, body: notJson });
    expect(await post(`{"title": "${'x'.repeat(1024 * 1024)}"}`)).toEqual({
      status: 413,
      body: { code: 'COMMON.PAYLOAD_TOO_LARGE', message: 'The request body is too large (the limit is 1 MB)' },
    });
    // A body that is read as JSON reaches the session check like any other.
    expect(await post('')).toMatchObject({ status: 401, body: { code: 'COMMON.UNAUTHENTICATED' } });
  });
});
