import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { AuthError, DomainError } from '@curbside/contracts';
import type { HttpRequest } from '../http/http-request';

/** A request once the session guard has run: `callerId` is the session's member, if any. */
export type SessionRequest = Pick<HttpRequest, 'signedCookies' | 'callerId'>;

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
