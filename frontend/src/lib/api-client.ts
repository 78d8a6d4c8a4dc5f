import { isErrorCode, type ErrorCode } from '@curbside/contracts/client';

/** An HTTP failure worded as the spec wants it: "status: body" (or the status text when the body is empty). */
export class ApiError extends Error {
  private parsed?: { code?: ErrorCode; message?: string };

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The error's code from the contracts (`ITEM.NOT_AVAILABLE`): what the app branches on, never the wording. */
  get code(): ErrorCode | undefined {
    return this.wire().code;
  }

  /** The server's own message when the body is `{code, message}` JSON, else the whole "status: body" text. */
  get serverMessage(): string {
    return this.wire().message ?? (this.body || this.message);
  }

  private wire(): { code?: ErrorCode; message?: string } {
    if (this.parsed) return this.parsed;
    this.parsed = {};
    try {
      const value: unknown = JSON.parse(this.body);
      if (value && typeof value === 'object') {
        const { code, message } = value as Record<string, unknown>;
        if (isErrorCode(code)) this.parsed.code = code;
        if (typeof message === 'string') this.parsed.message = message;
      }
    } catch {
      // not JSON: the raw text is the message
    }
    return this.parsed;
  }
}

/** True when the error is an API answer with one of these codes. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): boolean {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

/** A GET that also hands back the answer's headers (the feed's cursor travels in X-Next-Cursor). */
export async function apiGetWithHeaders<T>(url: string, signal?: AbortSignal): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(url, { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' }, signal });
  await throwIfNotOk(response);
  return { data: (await response.json()) as T, headers: response.headers };
}

/** The one request helper: cookies always travel (the session is an httpOnly cookie), bodies go as JSON. */
export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...(body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' }), ...extraHeaders },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string, signal?: AbortSignal) => apiRequest<T>('GET', url, undefined, signal),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {}),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body ?? {}),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body ?? {}),
  delete: <T>(url: string, body?: unknown) => apiRequest<T>('DELETE', url, body),
};

/** Builds `path?query` leaving out undefined values. */
export function withQuery(path: string, params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
