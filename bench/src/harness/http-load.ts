import autocannon from 'autocannon';
import { LatencySummary, round, summarize } from './stats';

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Per-request timeout; a request slower than this counts as an error. */
  timeoutSeconds?: number;
  /** Sent with every request (the member's session cookie). */
  headers?: Record<string, string>;
  /** At most this many requests a second over all connections (autocannon's `overallRate`); unset: as fast as answered. */
  ratePerSecond?: number;
}

export interface LoadResult extends LatencySummary {
  rps: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration_s: number;
}

/**
 * Closed-loop load with autocannon: `connections` keep-alive connections, each sending its next request when
 * the previous answer arrived. Latencies are taken from autocannon's per-response event (sub-millisecond
 * resolution; its own histogram rounds to whole milliseconds) and cover 2xx answers only, like autocannon's.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const samples: number[] = [];
  const result = await new Promise<autocannon.Result>((resolveRun, rejectRun) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: options.timeoutSeconds ?? 10,
        headers: options.headers,
        ...(options.ratePerSecond ? { overallRate: options.ratePerSecond } : {}),
      },
      (err: unknown, res: autocannon.Result) => (err ? rejectRun(err instanceof Error ? err : new Error(String(err))) : resolveRun(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
    });
  });
  const elapsedSeconds = result.duration;
  const base: LatencySummary = samples.length > 0 ? summarize(samples) : { count: 0, p50_ms: NaN, p90_ms: NaN, p99_ms: NaN, max_ms: NaN, mean_ms: NaN };
  return {
    ...base,
    rps: round(samples.length / elapsedSeconds, 1),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    duration_s: round(elapsedSeconds, 2),
  };
}

/** What a browser adds to every request: it takes Brotli and gzip, so the app compresses as it does for neighbours. */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': 'br, gzip' };

export interface JsonResponse {
  status: number;
  body: unknown;
  ms: number;
  bytes: number;
  /** The answer's Content-Encoding (null when it came uncompressed). */
  encoding: string | null;
}

export async function getJson(url: string, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<JsonResponse> {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, ms, bytes: Buffer.byteLength(text), encoding: response.headers.get('content-encoding') };
}

/**
 * A signed-in member on the Pro plan, whose searches the server does not clamp (docs/product-rules.md: free members search
 * 5 miles): the session cookie to send with every request. Waits until the items service knows the plan.
 */
export async function proMember(
  baseUrl: string,
  db: { query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> },
): Promise<Record<string, string>> {
  return (await proMemberAndId(baseUrl, db)).headers;
}

/** proMember, with the member's id (for the bare statements, which read as that member reads). */
export async function proMemberAndId(
  baseUrl: string,
  db: { query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> },
): Promise<{ id: string; headers: Record<string, string> }> {
  const created = await fetch(`${baseUrl}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (created.status !== 201) throw new Error(`POST /api/users answered ${created.status}`);
  const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0];
  const { id } = (await created.json()) as { id: string };
  const plan = await fetch(`${baseUrl}/api/users/${id}/subscription`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ tier: 'pro' }),
  });
  if (plan.status !== 200) throw new Error(`PATCH subscription answered ${plan.status}`);
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.query(`SELECT subscription_tier FROM items.posters WHERE user_id = $1`, [id]);
    if (rows[0]?.subscription_tier === 'pro') return { id, headers: { cookie } };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the items service did not learn the Pro plan within 10 s');
}
