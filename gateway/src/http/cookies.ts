import cookieParser from 'cookie-parser';
import { serialize, type CookieSerializeOptions } from 'cookie';
import { sign } from 'cookie-signature';
import type { onRequestHookHandler } from 'fastify';
import type { HttpReply } from './http-request';
import { memoized } from './memo';

/** Distinct Cookie headers whose parse is kept: a browser sends the same one request after request. */
export const PARSED_COOKIE_HEADERS = 1000;

type Parsed = { cookies: Record<string, unknown>; signedCookies: Record<string, unknown> };
type ParserInput = { headers: { cookie?: string }; secret?: string } & Partial<Parsed>;

const copy = (values: Record<string, unknown>) => Object.assign(Object.create(null) as Record<string, unknown>, values);

/**
 * The request's cookies as cookie-parser reads them, its answers kept by Cookie header: checking a signed cookie
 * costs an HMAC and two hashes, for each signed cookie of every request, and a signed-in browser sends the same
 * header each time. What cookie-parser gives is a function of the header and the secret alone, so a kept answer is
 * the one it would give again; each request gets its own copies of it.
 */
export function readCookies(secret: string): onRequestHookHandler {
  const parse = cookieParser(secret);
  const parsedOf = memoized(PARSED_COOKIE_HEADERS, (header): Parsed => {
    const parsed: ParserInput = { headers: { cookie: header } };
    parse(parsed as never, {} as never, () => undefined);
    return { cookies: parsed.cookies ?? {}, signedCookies: parsed.signedCookies ?? {} };
  });
  const none: Parsed = parsedOf('');
  return (request, _reply, done) => {
    const header = request.headers.cookie;
    const parsed = header === undefined ? none : parsedOf(header);
    request.cookies = copy(parsed.cookies);
    request.signedCookies = copy(parsed.signedCookies);
    done();
  };
}

export interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'lax' | 'strict';
  secure: boolean;
  /** Milliseconds; sent as both Max-Age (seconds) and Expires. */
  maxAge?: number;
  path: string;
}

/**
 * Sets a cookie the way cookie-parser reads it back: a signed value is `s:<value>.<HMAC-SHA256>` (cookie-signature),
 * so the sessions of browsers signed in before keep working.
 */
export function setCookie(reply: HttpReply, name: string, value: string, options: CookieOptions & { signedWith?: string }): void {
  const { signedWith, maxAge, ...rest } = options;
  const serialized: CookieSerializeOptions = { ...rest };
  if (maxAge !== undefined) {
    serialized.expires = new Date(Date.now() + maxAge);
    serialized.maxAge = Math.floor(maxAge / 1000);
  }
  const text = signedWith === undefined ? value : `s:${sign(value, signedWith)}`;
  // Fastify adds to the Set-Cookie headers already set rather than replacing them.
  reply.header('Set-Cookie', serialize(name, text, serialized));
}

/** Tells the browser to drop a cookie: empty, expired at the epoch's first millisecond. */
export function clearCookie(reply: HttpReply, name: string, path = '/'): void {
  reply.header('Set-Cookie', serialize(name, '', { path, expires: new Date(1) }));
}
