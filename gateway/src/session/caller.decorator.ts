import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { AuthError, DomainError } from '@curbside/contracts';
import type { Request } from 'express';

export interface SessionRequest extends Request {
  callerId?: string;
}

/** The session's user id (undefined for anonymous callers on public routes). */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  return context.switchToHttp().getRequest<SessionRequest>().callerId;
});

/** A userId/posterId/adminUserId sent by the client must be the session's own (docs/security.md). */
export function assertIsCaller(claimedId: string | undefined | null, callerId: string | undefined): void {
  if (claimedId != null && claimedId !== callerId) {
    throw new DomainError(AuthError.NOT_YOURSELF, 'You can only act as yourself');
  }
}
