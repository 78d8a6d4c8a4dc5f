import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, ErrorCode, RouteContract } from '@curbside/contracts';
import { ROUTE_CONTRACT } from '../http/api-route.decorator';
import type { SessionRequest } from './caller.decorator';
import { SessionCache } from './session-cache';
import { sessionTokenOf } from './session-cookie';

/**
 * Guards every route: the caller comes from the signed session cookie only. A route without a contract is
 * refused (fail closed); 'session' routes answer 401 without a live session. The users service says whose session
 * a token is, through the short-lived SessionCache that every sign-out clears.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<RouteContract | undefined>(ROUTE_CONTRACT, context.getHandler());
    if (!route) throw new DomainError(ErrorCode.FORBIDDEN, 'This route is not open');
    const request = context.switchToHttp().getRequest<SessionRequest>();
    const token = sessionTokenOf(request);
    if (route.resolvesCaller !== false && token) {
      request.callerId = (await this.sessions.resolve(token)) ?? undefined;
    }
    if (route.auth === 'session' && !request.callerId) {
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in first');
    }
    return true;
  }
}
