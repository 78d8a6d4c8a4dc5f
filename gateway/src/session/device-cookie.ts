import { createHash, randomBytes } from 'node:crypto';
import { type AppConfig, noteRequestDevice } from '@curbside/platform';
import { setCookie } from '../http/cookies';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { memoized } from '../http/memo';

/**
 * A browser's own id, kept whichever account signs in on it (signing out and Start Fresh leave it): what links a
 * second account to the first on the same phone (docs/product-rules.md, "Impact": a pickup between two accounts of
 * one device does not count). Given with the first session and never readable by scripts; the services see only
 * its SHA-256 (RpcMeta.device). Clearing cookies makes a new device: it is a signal, never an identity.
 */
export const DEVICE_COOKIE = 'curbside_device';
const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;
const VALID = /^[A-Za-z0-9_-]{22,64}$/;

function deviceOf(request: Pick<HttpRequest, 'signedCookies'>): string | undefined {
  const value: unknown = request.signedCookies?.[DEVICE_COOKIE];
  return typeof value === 'string' && VALID.test(value) ? value : undefined;
}

/** Kept for the devices seen last: the same browser asks again and again. */
const hashOf = memoized(1000, (value) => createHash('sha256').update(value).digest('hex'));

/** What the request's service calls carry as its device: the SHA-256 of a valid signed device id, or nothing. */
export function deviceHashOf(request: Pick<HttpRequest, 'signedCookies'>): string | undefined {
  const device = deviceOf(request);
  return device ? hashOf(device) : undefined;
}

/**
 * Gives the browser its device id, when it has none yet (httpOnly, signed, long-lived): beside a new session, and
 * when it asks for a phone code (which only this browser may then use). The rest of the request, its service calls
 * included, already speaks for the new device.
 */
export function keepDeviceCookie(reply: HttpReply, config: AppConfig): void {
  if (deviceOf(reply.request)) return;
  const device = randomBytes(24).toString('base64url');
  noteRequestDevice(hashOf(device));
  setCookie(reply, DEVICE_COOKIE, device, {
    httpOnly: true,
    sameSite: 'lax',
    signedWith: config.SESSION_SECRET,
    secure: config.COOKIE_SECURE,
    maxAge: TEN_YEARS_MS,
    path: '/',
  });
}
