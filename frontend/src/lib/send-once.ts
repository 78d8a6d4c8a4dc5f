import { IDEMPOTENCY_KEY_HEADER, IdempotencyError } from '@curbside/contracts/client';
import { apiRequest, hasErrorCode, ApiError, type HttpMethod } from './api-client';

/** How long to wait before each retry of a creating call; the server asks for 1 s while the first copy runs. */
export const SEND_ONCE_RETRY_DELAYS_MS = [1000, 2000];

/**
 * One user action's key. crypto.randomUUID exists only in secure contexts (HTTPS, localhost): the app served over
 * plain HTTP on a LAN address falls back to getRandomValues, which every browser has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A creating call is worth sending again when its answer may have been lost (no answer at all, a gateway or
 * service that did not answer) or the first copy is still running: the same key makes the server replay the
 * first answer, so nothing is written twice.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (error instanceof ApiError)
    return error.status === 502 || error.status === 503 || error.status === 504 || hasErrorCode(error, IdempotencyError.IN_PROGRESS);
  return error instanceof TypeError; // fetch and our XHR upload reject with one when no answer came
}

/**
 * Runs one user action: one Idempotency-Key for it, the same key on each of its retries. React Query never retries
 * mutations (lib/query-client.ts); this is the only place a creating call is sent again.
 */
export async function withOneKey<T>(send: (key: string) => Promise<T>, delaysMs: readonly number[] = SEND_ONCE_RETRY_DELAYS_MS): Promise<T> {
  const key = newIdempotencyKey();
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(key);
    } catch (error) {
      if (attempt >= delaysMs.length || !isWorthRetrying(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt]));
    }
  }
}

/** A creating JSON call (POST items, comments, reports, redemptions; PATCH claim) sent once per user action. */
export function sendOnce<T>(method: HttpMethod, url: string, body: unknown, delaysMs?: readonly number[]): Promise<T> {
  return withOneKey((key) => apiRequest<T>(method, url, body, undefined, { [IDEMPOTENCY_KEY_HEADER]: key }), delaysMs);
}
