import { createHmac } from 'node:crypto';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import { PARSED_COOKIE_HEADERS, parseCookies } from './cookies.middleware';

const SECRET = 'test-secret';
/** A value signed as cookie-signature signs it (what Express's `res.cookie(…, { signed: true })` sends). */
const signed = (value: string, secret = SECRET) =>
  encodeURIComponent(`s:${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`);

function run(middleware: (req: Request, res: Response, next: () => void) => void, cookie?: string) {
  const request = { headers: cookie === undefined ? {} : { cookie } } as unknown as Request;
  let called = 0;
  middleware(request, {} as Response, () => called++);
  expect(called).toBe(1);
  return { secret: request.secret, cookies: { ...request.cookies }, signedCookies: { ...request.signedCookies }, request };
}

describe('parseCookies', () => {
  const headers = [
    `curbside_session=${signed('token-1')}; curbside_device=${signed('A'.repeat(32))}`,
    `curbside_session=${signed('token-1', 'another-secret')}`,
    'theme=dark; consent=yes',
    `prefs=${encodeURIComponent('j:{"a":1}')}; curbside_session=${signed('token-2')}`,
    undefined,
  ];

  it('gives what cookie-parser gives: signed cookies checked, a forged one false, JSON cookies read, and again when the header is known', () => {
    const ours = parseCookies(SECRET);
    const theirs = cookieParser(SECRET);
    for (const header of [...headers, ...headers]) {
      const expected = run(theirs, header);
      expect(run(ours, header)).toEqual({ ...expected, request: expect.anything() });
    }
    expect(run(ours, headers[0]).signedCookies).toEqual({ curbside_session: 'token-1', curbside_device: 'A'.repeat(32) });
    expect(run(ours, headers[1]).signedCookies).toEqual({ curbside_session: false });
  });

  it('gives each request its own copy: what one handler changes, the next request does not see', () => {
    const ours = parseCookies(SECRET);
    const first = run(ours, headers[0]).request;
    first.signedCookies.curbside_session = 'changed';
    expect(run(ours, headers[0]).signedCookies.curbside_session).toBe('token-1');
    delete run(ours, headers[2]).request.cookies.theme;
    expect(run(ours, headers[2]).cookies).toEqual({ theme: 'dark', consent: 'yes' });
  });

  it('stays right once more browsers than it keeps have been seen', () => {
    const ours = parseCookies(SECRET);
    for (let i = 0; i <= PARSED_COOKIE_HEADERS + 10; i++) {
      expect(run(ours, `curbside_session=${signed(`token-${i}`)}`).signedCookies.curbside_session).toBe(`token-${i}`);
    }
    expect(run(ours, `curbside_session=${signed('token-0')}`).signedCookies.curbside_session).toBe('token-0');
  });
});
