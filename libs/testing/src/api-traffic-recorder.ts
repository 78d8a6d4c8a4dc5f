import { appendFileSync } from 'node:fs';

/** Names the file the stack tests' HTTP exchanges are appended to (one JSON line each); unset, nothing is written. */
export const API_TRAFFIC_FILE_ENV = 'API_TRAFFIC_FILE';

/** One request and its answer, as launcher/test/openapi-conformance.mjs checks it against the API document. */
export interface RecordedExchange {
  method: string;
  url: string;
  status: number;
  /** Lower-case names; Set-Cookie as its first value, the way a header schema describes one value. */
  headers: Record<string, string>;
  /** Parsed JSON, or undefined when the answer had no body or was not JSON (its Content-Type says what it was). */
  body?: unknown;
  /** The answer had bytes (an image, a stream, text) besides or instead of JSON. */
  hadBody: boolean;
}

/** Appends an exchange when API_TRAFFIC_FILE is set. Synchronous, so a test that ends at once loses nothing. */
export function recordExchange(method: string, response: Response, text: string | undefined): void {
  const file = process.env[API_TRAFFIC_FILE_ENV];
  if (!file) return;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies[0];
  let body: unknown;
  if (text && (headers['content-type'] ?? '').startsWith('application/json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const exchange: RecordedExchange = { method, url: response.url, status: response.status, headers, body, hadBody: text === undefined || text.length > 0 };
  appendFileSync(file, `${JSON.stringify(exchange)}\n`);
}
