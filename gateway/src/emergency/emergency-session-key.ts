import { createHash } from 'node:crypto';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { SessionRequest } from '../session/caller.decorator';
import { sessionTokenOf } from '../session/session-cookie';

/**
 * What binds an emergency elevation to the session that unlocked it (docs/security.md): a hash of the session token,
 * under its own label so that it differs from the users service's token hash. The token itself never leaves the
 * gateway; a signed-out session's token no longer resolves to a caller, so its elevation cannot be used again.
 */
export function emergencySessionKey(token: unknown): string | null {
  if (typeof token !== 'string' || token.length === 0) return null;
  return createHash('sha256').update('curbside emergency elevation\0').update(token).digest('hex');
}

export const EmergencySessionKey = createParamDecorator((_: unknown, context: ExecutionContext): string | null => {
  return emergencySessionKey(sessionTokenOf(context.switchToHttp().getRequest<SessionRequest>()));
});
