import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { DomainError, ErrorCode, IDEMPOTENCY_KEY_HEADER, idempotencyKeyProblem } from '@curbside/contracts';
import type { Request } from 'express';

/**
 * The client's Idempotency-Key of a creating call, checked (1–255 printable ASCII characters, else 400), or
 * undefined without one. The service that writes keeps the record (libs/platform/src/idempotency), so an answer
 * the gateway gave up waiting for (503) is still replayed to the retry.
 */
export const IdempotencyKey = createParamDecorator(readIdempotencyKey);

/** The decorator's factory, by name: a spec checks that exactly the routes whose contract says so read the key. */
export function readIdempotencyKey(_: unknown, context: ExecutionContext): string | undefined {
  return idempotencyKeyOf(context.switchToHttp().getRequest<Request>());
}

export function idempotencyKeyOf(request: Pick<Request, 'header'>): string | undefined {
  const value = request.header(IDEMPOTENCY_KEY_HEADER);
  if (value === undefined) return undefined;
  const problem = idempotencyKeyProblem(value);
  if (problem) throw new DomainError(ErrorCode.VALIDATION_FAILED, problem);
  return value;
}
