import { SESSION_COOKIE_NAME } from '@curbside/contracts';
import type { AppConfig } from '@curbside/platform';
import { clearCookie, setCookie } from '../http/cookies';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { keepDeviceCookie } from './device-cookie';

/** Named in libs/contracts, where the API document's security scheme reads it too. */
export const SESSION_COOKIE = SESSION_COOKIE_NAME;
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * httpOnly, SameSite=Lax, signed with SESSION_SECRET (read back by cookie-parser); the value is an opaque session
 * token. The browser's device cookie follows it (after it: a client reading the first Set-Cookie finds the session).
 */
export function setSessionCookie(reply: HttpReply, token: string, config: AppConfig): void {
  setCookie(reply, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    signedWith: config.SESSION_SECRET,
    secure: config.COOKIE_SECURE,
    maxAge: ONE_YEAR_MS,
    path: '/',
  });
  keepDeviceCookie(reply, config);
}

/** The session token of the request's cookie, when it came and its signature holds; null otherwise. */
export function sessionTokenOf(request: Pick<HttpRequest, 'signedCookies'>): string | null {
  const token: unknown = request.signedCookies?.[SESSION_COOKIE];
  return typeof token === 'string' && token.length > 0 ? token : null;
}

export function clearSessionCookie(reply: HttpReply): void {
  clearCookie(reply, SESSION_COOKIE);
}
