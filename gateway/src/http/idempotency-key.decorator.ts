import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { DomainError, ErrorCode, IDEMPOTENCY_KEY_HEADER, idempotencyKeyProblem } from '@curbside/contracts';
import type { HttpRequest } from './http-request';

/**
 * The client's Idempotency-Key of a creating call, checked (1–255 printable ASCII characters, else 400), or
 * undefined without one. The service that writes keeps the record (libs/platform/src/idempotency), so an answer
 * the gateway gave up waiting for (503) is still replayed to the retry.
 */
export const IdempotencyKey = createParamDecorator(readIdempotencyKey);

/** The decorator's factory, by name: a spec checks that exactly the routes whose contract says so read the key. */
export function readIdempotencyKey(_: unknown, context: ExecutionContext): string | undefined {
  return idempotencyKeyOf(context.switchToHttp().getRequest<HttpRequest>());
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

export function idempotencyKeyOf(request: Pick<HttpRequest, 'headers'>): string | undefined {
  // Node gives a header sent twice as one value, the two joined with ", ".
  const value = request.headers[HEADER] as string | undefined;
  if (value === undefined) return undefined;
  const problem = idempotencyKeyProblem(value);
  if (problem) throw new DomainError(ErrorCode.VALIDATION_FAILED, problem);
  return value;
}
