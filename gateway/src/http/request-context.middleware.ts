import { randomUUID } from 'node:crypto';
import { createLogger, observeHttpRequest, runWithRequestContext } from '@curbside/platform';
import type { NextFunction, Request, Response } from 'express';

const log = createLogger('http');
const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives each request an id (the caller's X-Request-Id when sane), echoes it, and logs the outcome. */
export function requestContextMiddleware(request: Request, response: Response, next: NextFunction): void {
  const header = request.header('x-request-id');
  const requestId = header && VALID_ID.test(header) ? header : randomUUID();
  response.setHeader('X-Request-Id', requestId);
  const started = process.hrtime.bigint();
  response.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // By the route's template (set once a route matched), never the URL; a live stream's lifetime is not a latency.
    if (!isEventStream(response)) observeHttpRequest((request.route as { path?: string } | undefined)?.path, request.method, response.statusCode, ms / 1000);
    log.info({ requestId, method: request.method, path: request.path, status: response.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
  });
  runWithRequestContext({ requestId }, next);
}

function isEventStream(response: Response): boolean {
  const type = response.getHeader('Content-Type');
  return typeof type === 'string' && type.startsWith('text/event-stream');
}
