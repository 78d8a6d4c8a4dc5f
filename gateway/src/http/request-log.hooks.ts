import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createLogger, observeHttpRequest, runWithRequestContext } from '@curbside/platform';
import type { onRequestHookHandler, onResponseHookHandler, preHandlerHookHandler } from 'fastify';
import { deviceHashOf } from '../session/device-cookie';
import { pathOf } from './http-request';
import { routeContractOf } from './route-templates';

const log = createLogger('http');
const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Each request's id: the caller's X-Request-Id when sane, else a new one (Fastify's genReqId). */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && VALID_ID.test(header) ? header : randomUUID();
}

/** Echoes the request's id on every answer, a live stream's and a refusal's too (on the socket's own response). */
export const echoRequestId: onRequestHookHandler = (request, reply, done) => {
  reply.raw.setHeader('X-Request-Id', request.id);
  done();
};

/**
 * The request's id and device for everything the route does from here (its logs, the service calls it makes):
 * the last hook before the route, so it runs inside this context.
 */
export const enterRequestContext: preHandlerHookHandler = (request, _reply, done) => {
  const device = deviceHashOf(request);
  runWithRequestContext(device ? { requestId: request.id, device } : { requestId: request.id }, done);
};

/** Logs the outcome and times it by the route's contract path (never the URL); a live stream's lifetime is not a latency. */
export const logRequest: onResponseHookHandler = (request, reply, done) => {
  const ms = reply.elapsedTime;
  if (!isEventStream(reply.getHeader('content-type'))) {
    observeHttpRequest(routeContractOf(request)?.path, request.method, reply.statusCode, ms / 1000);
  }
  log.info({ requestId: request.id, method: request.method, path: pathOf(request), status: reply.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
  done();
};

function isEventStream(type: unknown): boolean {
  return typeof type === 'string' && type.startsWith('text/event-stream');
}
