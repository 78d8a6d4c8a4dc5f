import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Cookie header read by cookie-parser (cookies.ts); a signed cookie whose signature fails is `false`. */
    cookies: Record<string, unknown>;
    signedCookies: Record<string, unknown>;
    /** The session's member, once the session guard has resolved it (undefined for anonymous callers). */
    callerId?: string;
  }
}

/** A request as the gateway's routes and hooks see it (Fastify's, with the gateway's own fields above). */
export type HttpRequest = FastifyRequest;
export type HttpReply = FastifyReply;

/** Gives every request the gateway's own fields from the start, so each request object keeps one shape. */
export function declareRequestFields(app: FastifyInstance): void {
  // Objects are set per request (readCookies); a shared default object would be every request's.
  const unset = null as unknown as Record<string, unknown>;
  app.decorateRequest('cookies', unset);
  app.decorateRequest('signedCookies', unset);
  app.decorateRequest('callerId', undefined);
}

/** The request's path without its query string, as the client sent it (not decoded). */
export function pathOf(request: Pick<FastifyRequest, 'url'>): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
