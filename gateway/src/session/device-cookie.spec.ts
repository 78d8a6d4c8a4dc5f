import { createHash } from 'node:crypto';
import { AppConfig, currentRequestContext, runWithRequestContext } from '@curbside/platform';
import type { Request, Response } from 'express';
import { DEVICE_COOKIE, keepDeviceCookie, noteDevice } from './device-cookie';

const CONFIG = { COOKIE_SECURE: true } as AppConfig;

function response(signedCookies: Record<string, string>) {
  const set: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const res = { req: { signedCookies }, cookie: (name: string, value: string, options: Record<string, unknown>) => set.push({ name, value, options }) };
  return { res: res as unknown as Response, set };
}

describe('device cookie', () => {
  it('gives a browser without one a random, signed, httpOnly device id that outlives sessions', () => {
    const first = response({});
    keepDeviceCookie(first.res, CONFIG);
    const second = response({});
    keepDeviceCookie(second.res, CONFIG);
    expect(first.set).toEqual([
      {
        name: DEVICE_COOKIE,
        value: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        options: expect.objectContaining({ httpOnly: true, signed: true, sameSite: 'lax', secure: true, path: '/' }),
      },
    ]);
    expect(first.set[0].options.maxAge).toBeGreaterThan(365 * 24 * 3600 * 1000);
    expect(second.set[0].value).not.toBe(first.set[0].value);
  });

  it('keeps the device id a browser already has, and replaces one that was tampered with (its signature failed)', () => {
    const kept = response({ [DEVICE_COOKIE]: 'A'.repeat(32) });
    keepDeviceCookie(kept.res, CONFIG);
    expect(kept.set).toEqual([]);
    // cookie-parser gives `false` for a cookie whose signature does not match.
    const forged = response({ [DEVICE_COOKIE]: false as unknown as string });
    keepDeviceCookie(forged.res, CONFIG);
    expect(forged.set).toHaveLength(1);
  });

  it('hands the services only the SHA-256 of the device id, and nothing without a valid one', () => {
    const seen: (string | undefined)[] = [];
    for (const signedCookies of [{ [DEVICE_COOKIE]: 'B'.repeat(32) }, {}, { [DEVICE_COOKIE]: 'x' }]) {
      runWithRequestContext({ requestId: 'r1' }, () =>
        noteDevice({ signedCookies } as unknown as Request, {} as Response, () => seen.push(currentRequestContext()?.device)),
      );
    }
    expect(seen).toEqual([createHash('sha256').update('B'.repeat(32)).digest('hex'), undefined, undefined]);
  });
});
