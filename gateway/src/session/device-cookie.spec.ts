import { createHash } from 'node:crypto';
import { type AppConfig, currentRequestContext, runWithRequestContext } from '@curbside/platform';
import type { HttpReply } from '../http/http-request';
import { DEVICE_COOKIE, deviceHashOf, keepDeviceCookie } from './device-cookie';

const CONFIG = { COOKIE_SECURE: true, SESSION_SECRET: 'test-secret' } as AppConfig;

function reply(signedCookies: Record<string, unknown>) {
  const set: string[] = [];
  const recorded = { request: { signedCookies }, header: (name: string, value: string) => name === 'Set-Cookie' && set.push(value) };
  return { reply: recorded as unknown as HttpReply, set };
}

describe('device cookie', () => {
  it('gives a browser without one a random, signed, httpOnly device id that outlives sessions', () => {
    const first = reply({});
    keepDeviceCookie(first.reply, CONFIG);
    const second = reply({});
    keepDeviceCookie(second.reply, CONFIG);
    expect(first.set).toHaveLength(1);
    const [pair, ...attributes] = first.set[0].split('; ');
    const [name, value] = pair.split('=');
    expect(name).toBe(DEVICE_COOKIE);
    // Signed as cookie-parser reads it: `s:<id>.<HMAC-SHA256 in base64>`, URL-encoded.
    expect(decodeURIComponent(value)).toMatch(/^s:[A-Za-z0-9_-]{32}\.[A-Za-z0-9+/]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/']));
    expect(Number(attributes.find((a) => a.startsWith('Max-Age='))?.slice(8))).toBeGreaterThan(365 * 24 * 3600);
    expect(second.set[0]).not.toBe(first.set[0]);
  });

  it('keeps the device id a browser already has, and replaces one that was tampered with (its signature failed)', () => {
    const kept = reply({ [DEVICE_COOKIE]: 'A'.repeat(32) });
    keepDeviceCookie(kept.reply, CONFIG);
    expect(kept.set).toEqual([]);
    // cookie-parser gives `false` for a cookie whose signature does not match.
    const forged = reply({ [DEVICE_COOKIE]: false });
    keepDeviceCookie(forged.reply, CONFIG);
    expect(forged.set).toHaveLength(1);
  });

  it('makes a new device id the device of the rest of its request, so the service calls it makes carry it', () => {
    const fresh = reply({});
    const device = runWithRequestContext({ requestId: 'r1' }, () => {
      keepDeviceCookie(fresh.reply, CONFIG);
      return currentRequestContext()?.device;
    });
    const id = decodeURIComponent(fresh.set[0].split('; ')[0].split('=')[1]).slice(2, 34);
    expect(device).toBe(createHash('sha256').update(id).digest('hex'));
  });

  it('hands the services only the SHA-256 of the device id, and nothing without a valid one', () => {
    const seen = [{ [DEVICE_COOKIE]: 'B'.repeat(32) }, {}, { [DEVICE_COOKIE]: 'x' }].map((signedCookies) => deviceHashOf({ signedCookies }));
    expect(seen).toEqual([createHash('sha256').update('B'.repeat(32)).digest('hex'), undefined, undefined]);
  });
});
