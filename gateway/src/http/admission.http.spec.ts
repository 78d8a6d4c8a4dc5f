import type { WritePacket } from '@nestjs/microservices';
import { InMemoryRpcBroker } from '@curbside/platform';
import { startTestGateway, TestGateway } from './test-gateway.fixture';

/** The services' side of the in-process transport, held: each call waits here until the test answers it. */
class HeldCalls extends InMemoryRpcBroker {
  readonly waiting: { pattern: string; respond: (packet: WritePacket) => void }[] = [];

  override request(pattern: string, _data: unknown, respond: (packet: WritePacket) => void): void {
    this.waiting.push({ pattern, respond });
  }

  async next(): Promise<{ pattern: string; respond: (packet: WritePacket) => void }> {
    while (this.waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    return this.waiting.shift()!;
  }
}

const EMPTY_PAGE = { response: { itemsJson: '[]', nextCursor: null, radiusCap: 25 }, isDisposed: true };

describe('the gateway app past GATEWAY_MAX_IN_FLIGHT', () => {
  let gateway: TestGateway;
  let base: string;
  const calls = new HeldCalls();

  beforeAll(async () => {
    gateway = await startTestGateway(calls, { GATEWAY_MAX_IN_FLIGHT: '1', GATEWAY_MAX_WAIT_MS: '0' });
    base = gateway.base;
  });

  afterAll(() => gateway.close());

  const feed = () => fetch(`${base}/api/items?lat=40.7&lng=-74&radius=5`);

  it('refuses the API request over the limit before any service is asked; serves the SPA, the health report and uploads', async () => {
    const first = feed();
    const call = await calls.next();
    expect(call.pattern).toContain('items.feed');

    const refused = await feed();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await refused.json()).toMatchObject({ code: 'COMMON.UNAVAILABLE', message: 'Curbside is busy right now. Please try again in a moment.' });
    expect(calls.waiting).toEqual([]);

    expect((await fetch(`${base}/`)).status).toBe(200);
    // A photo upload streams in at the member's pace, outside the gate: here it goes on to ask for a session.
    const photo = new FormData();
    photo.append('photo', new Blob([Buffer.from('not yet read')], { type: 'image/jpeg' }), 'chair.jpg');
    expect(await (await fetch(`${base}/api/upload`, { method: 'POST', body: photo })).json()).toMatchObject({ code: 'COMMON.UNAUTHENTICATED' });
    expect((await fetch(`${base}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(503);
    const health = fetch(`${base}/api/health`);
    // The report asks every service; it reached them rather than waiting behind the feed.
    const asked = await calls.next();
    expect(asked.pattern).toContain('health');
    for (const { respond } of [asked, ...calls.waiting.splice(0)]) respond({ err: 'down for this test', isDisposed: true });
    expect((await (await health).json()) as { status: string }).toMatchObject({ status: 'degraded' });

    call.respond(EMPTY_PAGE);
    expect((await first).status).toBe(200);
    const next = feed();
    (await calls.next()).respond(EMPTY_PAGE);
    expect((await next).status).toBe(200);
  });
});
