import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Calls, DomainError, ErrorCode, RouteContract } from '@curbside/contracts';
import { ROUTE_CONTRACT } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import type { SessionRequest } from './caller.decorator';
import { SESSION_COOKIE } from './session-cookie';

/**
 * Guards every route: the caller comes from the signed session cookie only. A route without a contract is
 * refused (fail closed); 'session' routes answer 401 without a live session.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly services: ServiceClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<RouteContract | undefined>(ROUTE_CONTRACT, context.getHandler());
    if (!route) throw new DomainError(ErrorCode.FORBIDDEN, 'This route is not open');
    const request = context.switchToHttp().getRequest<SessionRequest>();
    const token: unknown = request.signedCookies?.[SESSION_COOKIE];
    if (route.resolvesCaller !== false && typeof token === 'string' && token.length > 0) {
      const { userId } = await this.services.call(Calls.users.resolveSession, { token });
      request.callerId = userId ?? undefined;
    }
    if (route.auth === 'session' && !request.callerId) {
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in first');
    }
    return true;
  }
}
