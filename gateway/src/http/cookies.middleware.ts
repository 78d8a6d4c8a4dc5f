import cookieParser from 'cookie-parser';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { memoized } from './memo';

/** Distinct Cookie headers whose parse is kept: a browser sends the same one request after request. */
export const PARSED_COOKIE_HEADERS = 1000;

type Parsed = { secret?: string; cookies: Record<string, unknown>; signedCookies: Record<string, unknown> };

const copy = (values: Record<string, unknown>) => Object.assign(Object.create(null) as Record<string, unknown>, values);

/**
 * cookie-parser, its answers kept by Cookie header: checking a signed cookie costs an HMAC and two hashes, for each
 * signed cookie of every request, and a signed-in browser sends the same header each time. What cookie-parser gives
 * is a function of the header and the secret alone, so a kept answer is the one it would give again; each request
 * gets its own copies of it.
 */
export function parseCookies(secret: string): RequestHandler {
  const parse = cookieParser(secret);
  const parsedOf = memoized(PARSED_COOKIE_HEADERS, (header): Parsed => {
    const parsed = { headers: { cookie: header } } as unknown as Parsed & Request;
    parse(parsed, {} as Response, () => undefined);
    return parsed;
  });
  return (request: Request, response: Response, next: NextFunction) => {
    const header = request.headers.cookie;
    if (header === undefined || request.cookies) return parse(request, response, next);
    const parsed = parsedOf(header);
    request.secret = parsed.secret;
    request.cookies = copy(parsed.cookies);
    request.signedCookies = copy(parsed.signedCookies);
    next();
  };
}
