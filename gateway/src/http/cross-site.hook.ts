import { DomainError, ErrorCode } from '@curbside/contracts';
import type { onRequestHookHandler } from 'fastify';
import { sendError } from '../errors/error-response';
import { HttpRequest } from './http-request';
import { isStateChanging } from './state-changing';

const ACCEPTED_TYPES = ['application/json', 'multipart/form-data'];
/**
 * RFC 8058 one-click unsubscribe: mail providers post a form from their own servers. It uses no session (the token
 * in its link is the only authority) and can only switch the token's member's e-mail alerts off.
 */
const TOKEN_FORM_POSTS = new Set(['/api/email/unsubscribe']);

/**
 * Cross-site request forgery, refused before a body is read (docs/security.md). A page on another site can make a
 * browser send the session cookie with a form post (text/plain, urlencoded: no preflight) or a no-cors
 * fetch; SameSite=Lax alone let a text/plain post log a neighbour out. So a state-changing API call must
 * be JSON (or multipart for uploads), and must not come from another site: `Sec-Fetch-Site: cross-site` or an
 * `Origin` that is not this server's is a 403. Reads stay open (their answers are public or the caller's own,
 * and another site cannot read them).
 *
 * Every write is checked, whatever its path: the router decodes escaped letters (`/%61pi/auth/logout` reaches
 * logout), so the one exception is told by the route it matched, never by the text of the URL.
 */
export const refuseCrossSiteWrites: onRequestHookHandler = (request, reply, done) => {
  if (!isStateChanging(request.method)) return done();
  const route = request.routeOptions.url;
  if (request.method === 'POST' && route !== undefined && TOKEN_FORM_POSTS.has(route)) return done();
  if (request.headers['sec-fetch-site'] === 'cross-site' || !sameOrigin(request)) {
    return sendError(reply, new DomainError(ErrorCode.FORBIDDEN, 'Requests from other sites are not accepted'));
  }
  const type = request.headers['content-type'];
  if (type !== undefined && !ACCEPTED_TYPES.some((accepted) => type.toLowerCase().startsWith(accepted))) {
    return sendError(reply, new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the request as JSON (Content-Type: application/json)'));
  }
  done();
};

/** No Origin (not a browser, or a same-origin GET-like call) or one whose host is the one this request reached. */
function sameOrigin(request: HttpRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
