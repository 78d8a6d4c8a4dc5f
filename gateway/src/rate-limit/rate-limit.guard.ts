import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail, ThrottlerRequest } from '@nestjs/throttler';
import { DomainError, ErrorCode } from '@curbside/contracts';
import { AUTH_THROTTLE } from '../auth/auth-throttle.decorator';

export const WRITE_THROTTLER = 'writes';
export const AUTH_THROTTLER = 'auth';

/**
 * Per-IP limits on writes (reads are never limited: the feed must stay fast), plus a stricter limit on the
 * routes marked @AuthThrottle(). Per-phone limits on codes live in the users service, next to the codes.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const method = context.switchToHttp().getRequest<{ method: string }>().method;
    return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  }

  /** A coded refusal with the standard Retry-After (the library names its own header after each limit: Retry-After-writes). */
  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw new DomainError(ErrorCode.RATE_LIMITED, await this.getErrorMessage(context, detail), Math.max(1, detail.timeToBlockExpire));
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    if (request.throttler.name === AUTH_THROTTLER && !this.reflector.get<boolean>(AUTH_THROTTLE, request.context.getHandler())) return true;
    return super.handleRequest(request);
  }
}
