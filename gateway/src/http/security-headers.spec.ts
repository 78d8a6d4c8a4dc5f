import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { helmetHeaders } from './security-headers';

describe(helmetHeaders.name, () => {
  it('are the headers helmet itself puts on a response, with our policy', async () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } } };
    const middleware = helmet(options);
    const server = createServer((request, response) => middleware(request, response, () => response.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const fromHelmet = [...answer.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name));
      const ours = helmetHeaders(options).map(([name, value]) => [name.toLowerCase(), value]);
      expect(Object.fromEntries(ours)).toEqual(Object.fromEntries(fromHelmet));
      expect(ours.length).toBeGreaterThan(10);
    } finally {
      server.close();
    }
  });

  it("carry the app's policy: its own origin, map tiles and images from data: and blob:", () => {
    const policy = new Map(helmetHeaders()).get('Content-Security-Policy');
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("img-src 'self' data: blob: https://*.tile.openstreetmap.org");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});
