import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CallContract, Calls, DomainError, ErrorCode, RouteContract, Routes } from '@curbside/contracts';
import { ROUTE_CONTRACT } from '../http/api-route.decorator';
import type { ServiceClient } from '../http/service-client';
import { AppConfig, InMemoryLiveChannel } from '@curbside/platform';
import { assertIsCaller, SessionRequest } from './caller.decorator';
import { SessionCache } from './session-cache';
import { SessionGuard } from './session.guard';

const USER = '11111111-1111-4111-8111-111111111111';

function setup(route: RouteContract | undefined, cookie: string | undefined, sessions: Record<string, string> = {}) {
  const calls: string[] = [];
  const services = {
    call: async (contract: CallContract, body: { token: string }) => {
      calls.push(contract.subject);
      if (contract !== Calls.users.resolveSession) throw new Error(`unexpected call ${contract.subject}`);
      return { userId: sessions[body.token] ?? null };
    },
  } as unknown as ServiceClient;
  const handler = () => undefined;
  if (route) Reflect.defineMetadata(ROUTE_CONTRACT, route, handler);
  const request = { signedCookies: cookie === undefined ? {} : { curbside_session: cookie } } as SessionRequest;
  const context = { getHandler: () => handler, switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  const cache = new SessionCache(services, new InMemoryLiveChannel(), { SESSION_CACHE_MS: 0 } as AppConfig);
  return { guard: new SessionGuard(new Reflector(), cache), context, request, calls };
}

const rejection = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return err instanceof DomainError ? [err.code, err.message] : err;
};

describe(SessionGuard.name, () => {
  it('resolves the caller from the signed cookie', async () => {
    const { guard, context, request } = setup(Routes.createItem, 'tok', { tok: USER });
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.callerId).toBe(USER);
  });

  it('refuses a session route without a cookie, and with a cookie that names no live session', async () => {
    expect(await rejection(setup(Routes.createItem, undefined).guard.canActivate(setup(Routes.createItem, undefined).context))).toEqual([
      ErrorCode.UNAUTHENTICATED,
      'Please sign in first',
    ]);
    const revoked = setup(Routes.createItem, 'old-token');
    expect(await rejection(revoked.guard.canActivate(revoked.context))).toEqual([ErrorCode.UNAUTHENTICATED, 'Please sign in first']);
  });

  it('lets anonymous callers through public routes without asking the users service', async () => {
    const { guard, context, request, calls } = setup(Routes.feed, undefined);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.callerId).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('fails closed on a route that has no contract', async () => {
    const { guard, context } = setup(undefined, 'tok', { tok: USER });
    expect(await rejection(guard.canActivate(context))).toEqual([ErrorCode.FORBIDDEN, 'This route is not open']);
  });
});

describe(assertIsCaller.name, () => {
  it('accepts no id or the caller’s own, refuses anybody else’s', () => {
    expect(() => assertIsCaller(undefined, USER)).not.toThrow();
    expect(() => assertIsCaller(USER, USER)).not.toThrow();
    expect(() => assertIsCaller('22222222-2222-4222-8222-222222222222', USER)).toThrow('You can only act as yourself');
    expect(() => assertIsCaller(USER, undefined)).toThrow(DomainError);
  });
});
