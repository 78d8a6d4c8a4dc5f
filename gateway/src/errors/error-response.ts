import { DomainError, ERROR_STATUS, type WireError } from '@curbside/contracts';
import type { HttpReply } from '../http/http-request';

/**
 * Every error answer of the API, from the filter and the hooks alike: the status of its code, the body
 * `{code, message}` (plus `retryAfterSeconds` when a retry may succeed later) and the standard Retry-After header.
 */
export function sendError(reply: HttpReply, error: DomainError): void {
  const body: WireError = error.toWire();
  if (body.retryAfterSeconds !== undefined) {
    const seconds = Math.max(1, Math.ceil(body.retryAfterSeconds));
    body.retryAfterSeconds = seconds;
    reply.header('Retry-After', String(seconds));
  }
  reply.code(ERROR_STATUS[error.code]).type('application/json; charset=utf-8').send(body);
}
