import { createHmac } from 'node:crypto';
import cookieParser from 'cookie-parser';
import type { FastifyReply, onRequestHookHandler } from 'fastify';
import { clearCookie, PARSED_COOKIE_HEADERS, readCookies, setCookie } from './cookies';
import type { HttpRequest } from './http-request';

const SECRET = 'test-secret';
/** A value signed as cookie-signature signs it (what Express's `res.cookie(…, { signed: true })` sends). */
const signed = (value: string, secret = SECRET) =>
  encodeURIComponent(`s:${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`);

type Parsed = { cookies: Record<string, unknown>; signedCookies: Record<string, unknown> };

function run(hook: onRequestHookHandler, cookie?: string) {
  const request = { headers: cookie === undefined ? {} : { cookie } } as unknown as HttpRequest;
  let called = 0;
  void hook.call(null as never, request, {} as FastifyReply, () => called++);
  expect(called).toBe(1);
  return { cookies: { ...request.cookies }, signedCookies: { ...request.signedCookies }, request };
}

/** cookie-parser itself, on a request of its own. */
function theirs(cookie?: string): Parsed {
  const request = { headers: cookie === undefined ? {} : { cookie } } as unknown as Parsed;
  cookieParser(SECRET)(request as never, {} as never, () => undefined);
  return { cookies: { ...request.cookies }, signedCookies: { ...request.signedCookies } };
}

/** The Set-Cookie headers a reply was given. */
function replyRecordingCookies() {
  const set: string[] = [];
  const reply = { header: (name: string, value: string) => (name === 'Set-Cookie' ? set.push(value) : undefined) } as unknown as FastifyReply;
  return { reply, set };
}

describe('readCookies', () => {
  const headers = [
    `curbside_session=${signed('token-1')}; curbside_device=${signed('A'.repeat(32))}`,
    `curbside_session=${signed('token-1', 'another-secret')}`,
    'theme=dark; consent=yes',
    `prefs=${encodeURIComponent('j:{"a":1}')}; curbside_session=${signed('token-2')}`,
    undefined,
  ];

  it('gives what cookie-parser gives: signed cookies checked, a forged one false, JSON cookies read, and again when the header is known', () => {
    const ours = readCookies(SECRET);
    for (const header of [...headers, ...headers]) {
      expect(run(ours, header)).toEqual({ ...theirs(header), request: expect.anything() });
    }
    expect(run(ours, headers[0]).signedCookies).toEqual({ curbside_session: 'token-1', curbside_device: 'A'.repeat(32) });
    expect(run(ours, headers[1]).signedCookies).toEqual({ curbside_session: false });
  });

  it('gives each request its own copy: what one handler changes, the next request does not see', () => {
    const ours = readCookies(SECRET);
    const first = run(ours, headers[0]).request;
    first.signedCookies.curbside_session = 'changed';
    expect(run(ours, headers[0]).signedCookies.curbside_session).toBe('token-1');
    delete run(ours, headers[2]).request.cookies.theme;
    expect(run(ours, headers[2]).cookies).toEqual({ theme: 'dark', consent: 'yes' });
  });

  it('stays right once more browsers than it keeps have been seen', () => {
    const ours = readCookies(SECRET);
    for (let i = 0; i <= PARSED_COOKIE_HEADERS + 10; i++) {
      expect(run(ours, `curbside_session=${signed(`token-${i}`)}`).signedCookies.curbside_session).toBe(`token-${i}`);
    }
    expect(run(ours, `curbside_session=${signed('token-0')}`).signedCookies.curbside_session).toBe('token-0');
  });
});

describe('setCookie', () => {
  it('signs a value as cookie-parser checks it, so readCookies gives it back, and sends the options Express sent', () => {
    const { reply, set } = replyRecordingCookies();
    const before = Date.now();
    setCookie(reply, 'curbside_session', 'token-1', { httpOnly: true, sameSite: 'lax', secure: true, maxAge: 3_600_000, path: '/', signedWith: SECRET });
    expect(set).toHaveLength(1);
    const [pair, ...attributes] = set[0].split('; ');
    expect(pair).toBe(`curbside_session=${signed('token-1')}`);
    expect(attributes.slice(0, 2)).toEqual(['Max-Age=3600', 'Path=/']);
    expect(Date.parse(attributes[2].replace('Expires=', ''))).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3_600_000);
    expect(attributes.slice(3)).toEqual(['HttpOnly', 'Secure', 'SameSite=Lax']);
    expect(run(readCookies(SECRET), pair).signedCookies).toEqual({ curbside_session: 'token-1' });
    expect(run(readCookies('another-secret'), pair).signedCookies).toEqual({ curbside_session: false });
  });

  it('clears a cookie with an empty value that expired at the epoch', () => {
    const { reply, set } = replyRecordingCookies();
    clearCookie(reply, 'curbside_session');
    expect(set).toEqual(['curbside_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
  });
});
