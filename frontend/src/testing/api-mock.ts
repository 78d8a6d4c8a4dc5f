import { expect, vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
}

interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Responder = (call: RecordedCall) => Answer | Promise<Answer>;

const routes = new Map<string, Responder>();
const calls: RecordedCall[] = [];
const unhandled: string[] = [];

/**
 * Every test starts with no route known: a request nobody stubbed answers 599 and fails the test in
 * afterEach (checked by `expectNoUnhandledRequests`, run from setup).
 */
export function installFetchStub(): void {
  routes.clear();
  calls.length = 0;
  unhandled.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call: RecordedCall = { method, path: url.pathname, url: url.pathname + url.search, body };
      calls.push(call);
      const responder = findRoute(`${method} ${url.pathname}`);
      if (!responder) {
        unhandled.push(`${method} ${url.pathname}${url.search}`);
        return new Response(`Unhandled request in test: ${method} ${url.pathname}`, { status: 599 });
      }
      const { status = 200, body: answer, headers = {} } = await responder(call);
      const text = typeof answer === 'string' ? answer : answer === undefined ? '' : JSON.stringify(answer);
      return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json', ...headers } });
    }),
  );
}

/** Exact match first, then patterns whose `:name` segments match any one segment. */
function findRoute(key: string): Responder | undefined {
  const exact = routes.get(key);
  if (exact) return exact;
  for (const [route, responder] of routes) {
    if (!route.includes(':')) continue;
    const pattern = new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`);
    if (pattern.test(key)) return responder;
  }
  return undefined;
}

/** Stubs one route: `mockApi('GET /api/items', [..])` or with a function of the call. */
export function mockApi(route: string, answer: unknown, status = 200): void {
  routes.set(route, typeof answer === 'function' ? (answer as Responder) : () => ({ status, body: answer }));
}

export function apiCalls(route?: string): RecordedCall[] {
  return route ? calls.filter((c) => `${c.method} ${c.path}` === route) : [...calls];
}

export function expectNoUnhandledRequests(): void {
  expect(unhandled, 'requests no test stubbed').toEqual([]);
}
