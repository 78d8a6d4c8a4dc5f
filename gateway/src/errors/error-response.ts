import { DomainError, ERROR_STATUS, type WireError } from '@curbside/contracts';
import type { Response } from 'express';

/**
 * Every error answer of the API, from the filter and the middlewares alike: the status of its code, the body
 * `{code, message}` (plus `retryAfterSeconds` when a retry may succeed later) and the standard Retry-After header.
 */
export function sendError(response: Response, error: DomainError): void {
  const body: WireError = error.toWire();
  if (body.retryAfterSeconds !== undefined) {
    const seconds = Math.max(1, Math.ceil(body.retryAfterSeconds));
    body.retryAfterSeconds = seconds;
    response.setHeader('Retry-After', String(seconds));
  }
  response.status(ERROR_STATUS[error.code]).json(body);
}
