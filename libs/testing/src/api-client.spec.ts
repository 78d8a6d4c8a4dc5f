import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { ApiClient } from './api-client';

describe(ApiClient.name, () => {
  let server: Server;
  let baseUrl: string;
  const seen: { cookie?: string; body: string; type?: string; key?: string }[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ cookie: req.headers.cookie, body, type: req.headers['content-type'], key: req.headers['idempotency-key'] as string | undefined });
        if (req.url === '/login') res.setHeader('Set-Cookie', ['sid=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
        res.setHeader('content-type', 'application/json');
        if (req.url === '/api/uncoded') res.statusCode = 400;
        if (req.url === '/api/health') res.statusCode = 503;
        if (req.url === '/api/health') return res.end(JSON.stringify({ status: 'degraded', services: {} }));
        if (req.url === '/api/coded') res.statusCode = 404;
        if (req.url === '/api/uncoded') return res.end(JSON.stringify({ message: 'Nope' }));
        if (req.url === '/api/coded') return res.end(JSON.stringify({ code: 'ITEM.NOT_FOUND', message: 'Item not found' }));
        res.end(req.url === '/text' ? 'plain' : JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('keeps cookies like a browser and sends JSON bodies', async () => {
    const api = new ApiClient(baseUrl);
    await api.post('/login', { a: 1 });
    const after = await api.get('/me');
    expect(after).toMatchObject({ status: 200, body: { ok: true } });
    expect(seen.at(-2)).toMatchObject({ body: '{"a":1}', type: 'application/json' });
    expect(seen.at(-1)?.cookie).toBe('sid=abc; theme=dark');
  });

  it('sends extra headers from a view of the same browser, whose cookies stay in step', async () => {
    const api = new ApiClient(baseUrl);
    const keyed = api.withHeaders({ 'Idempotency-Key': 'k1' });
    await keyed.post('/login', {});
    expect(seen.at(-1)).toMatchObject({ key: 'k1', type: 'application/json' });
    await api.get('/me');
    expect(seen.at(-1)).toMatchObject({ cookie: 'sid=abc; theme=dark', key: undefined });
  });

  it('gives another browser no cookies, and returns non-JSON bodies as text', async () => {
    const api = new ApiClient(baseUrl);
    await api.post('/login');
    await api.anotherBrowser().get('/me');
    expect(seen.at(-1)?.cookie).toBeUndefined();
    expect((await api.get('/text')).body).toBe('plain');
  });

  it('fails the test on an API error that is not a coded {code, message}', async () => {
    const api = new ApiClient(baseUrl);
    await expect(api.get('/api/coded')).resolves.toMatchObject({ status: 404, body: { code: 'ITEM.NOT_FOUND' } });
    await expect(api.get('/api/uncoded')).rejects.toThrow('400 from');
    await expect(api.get('/api/health')).resolves.toMatchObject({ status: 503, body: { status: 'degraded' } });
  });
});
