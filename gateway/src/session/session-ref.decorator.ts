import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { sessionRefOfToken } from '@curbside/platform';
import type { SessionRequest } from './caller.decorator';
import { sessionTokenOf } from './session-cookie';

/**
 * The name of the caller's session that other services may keep (sessionRefOfToken in libs/platform): the users
 * service announces ended sessions by it (user.sessions-ended). Null without a session cookie. The token itself
 * never leaves the gateway.
 */
export const SessionRef = createParamDecorator((_: unknown, context: ExecutionContext): string | null => {
  const token = sessionTokenOf(context.switchToHttp().getRequest<SessionRequest>());
  return token ? sessionRefOfToken(token) : null;
});
