import { SESSION_COOKIE_NAME } from '@curbside/contracts';
import type { AppConfig } from '@curbside/platform';
import type { Response } from 'express';
import { keepDeviceCookie } from './device-cookie';

/** Named in libs/contracts, where the API document's security scheme reads it too. */
export const SESSION_COOKIE = SESSION_COOKIE_NAME;
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * httpOnly, SameSite=Lax, signed with SESSION_SECRET (cookie-parser); the value is an opaque session token. The
 * browser's device cookie follows it (after it: a client reading the first Set-Cookie finds the session).
 */
export function setSessionCookie(response: Response, token: string, config: AppConfig): void {
  response.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    secure: config.COOKIE_SECURE,
    maxAge: ONE_YEAR_MS,
    path: '/',
  });
  keepDeviceCookie(response, config);
}

export function clearSessionCookie(response: Response): void {
  response.clearCookie(SESSION_COOKIE, { path: '/' });
}
