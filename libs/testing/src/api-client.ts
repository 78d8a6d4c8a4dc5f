import { isWireError, RouteContract, Routes } from '@curbside/contracts';
import { recordExchange } from './api-traffic-recorder';
import { EventStreamReader } from './event-stream';

/** A small HTTP client for integration tests that keeps the session cookie like a browser would. */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class ApiClient {
  private cookies = new Map<string, string>();
  private extraHeaders: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  get<T = unknown>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, body);
  }

  /** Sends a raw body as is (for malformed or oversized input). */
  postRaw<T = unknown>(path: string, raw: string | Buffer, contentType = 'application/json'): Promise<ApiResponse<T>> {
    return this.send<T>('POST', path, raw, contentType);
  }

  /** A browser form upload: one file in one field. */
  async postFile<T = unknown>(path: string, field: string, file: { name: string; type: string; bytes: Buffer }): Promise<ApiResponse<T>> {
    const form = new FormData();
    form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(`${this.baseUrl}${path}`, { method: 'POST', body: form, headers: { ...this.cookieHeader(), ...this.extraHeaders } });
    return this.read<T>(response, 'POST');
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), 'application/json');
  }

  /** Opens a Server-Sent Events stream with this browser's cookies (and a Last-Event-ID when resuming). */
  async eventStream(path: string, options: { lastEventId?: string; baseUrl?: string } = {}): Promise<EventStreamReader> {
    const controller = new AbortController();
    const headers: Record<string, string> = { ...this.cookieHeader(), accept: 'text/event-stream' };
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    const response = await fetch(`${options.baseUrl ?? this.baseUrl}${path}`, { headers, signal: controller.signal });
    // A stream's body never ends by itself: its status and headers are what is recorded. A refusal is a JSON error,
    // read from a copy so the reader below still sees it.
    recordExchange('GET', response, response.ok ? undefined : await response.clone().text());
    return new EventStreamReader(response, controller);
  }

  /** The same browser in another tab: a copy of the cookies that later responses will not change. */
  clone(): ApiClient {
    const copy = new ApiClient(this.baseUrl);
    copy.cookies = new Map(this.cookies);
    return copy;
  }

  /** This browser (the same cookies, kept in step) sending these headers too on every call, e.g. an Idempotency-Key. */
  withHeaders(headers: Record<string, string>): ApiClient {
    const view = new ApiClient(this.baseUrl);
    view.cookies = this.cookies;
    view.extraHeaders = { ...this.extraHeaders, ...headers };
    return view;
  }

  /** A second browser: same server, no cookies. */
  anotherBrowser(): ApiClient {
    return new ApiClient(this.baseUrl);
  }

  private async send<T>(method: string, path: string, body: string | Buffer | undefined, contentType: string): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.cookieHeader(), ...this.extraHeaders };
    if (body !== undefined) headers['content-type'] = contentType;
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    return this.read<T>(response, method);
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  private async read<T>(response: Response, method: string): Promise<ApiResponse<T>> {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await response.text();
    recordExchange(method, response, text);
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    if (response.status >= 400 && isCodedErrorRoute(new URL(response.url).pathname, response.status)) assertWireError(response, parsed);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
}

/**
 * Every /api route but health, whose 503 is its report (which services are down), not an error, and the answers a
 * route's contract declares otherwise (the mail links' pages, `otherResponses`).
 */
function isCodedErrorRoute(path: string, status: number): boolean {
  if (!path.startsWith('/api/') || path === Routes.health.path) return false;
  return !Object.values(Routes).some((route: RouteContract) => route.path === path && route.otherResponses?.[status] !== undefined);
}

/**
 * Every stack test checks the API's error contract on every answer it gets: a failed /api call answers
 * `{code, message}` with a code from the contracts, so clients can branch on codes and never on text.
 */
function assertWireError(response: Response, body: unknown): void {
  if (!isWireError(body)) {
    throw new Error(`${response.status} from ${response.url} is not a coded error {code, message}: ${JSON.stringify(body)}`);
  }
}
