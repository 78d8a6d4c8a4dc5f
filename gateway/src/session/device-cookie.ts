import { createHash, randomBytes } from 'node:crypto';
import { noteRequestDevice, type AppConfig } from '@curbside/platform';
import type { NextFunction, Request, Response } from 'express';
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

function deviceOf(request: Request): string | undefined {
  const value: unknown = request.signedCookies?.[DEVICE_COOKIE];
  return typeof value === 'string' && VALID.test(value) ? value : undefined;
}

/** Kept for the devices seen last: the same browser asks again and again. */
const hashOf = memoized(1000, (value) => createHash('sha256').update(value).digest('hex'));

/** Notes the request's device for the service calls it makes (after cookie-parser). */
export function noteDevice(request: Request, _response: Response, next: NextFunction): void {
  const device = deviceOf(request);
  if (device) noteRequestDevice(hashOf(device));
  next();
}

/** Gives the browser its device id beside a new session, when it has none yet (httpOnly, signed, long-lived). */
export function keepDeviceCookie(response: Response, config: AppConfig): void {
  if (deviceOf(response.req)) return;
  response.cookie(DEVICE_COOKIE, randomBytes(24).toString('base64url'), {
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    secure: config.COOKIE_SECURE,
    maxAge: TEN_YEARS_MS,
    path: '/',
  });
}
