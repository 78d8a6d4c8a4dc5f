import { ArgumentsHost, BadRequestException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { ClaimError, DomainError, ERROR_CODES, ERROR_STATUS, ErrorCode, ItemError, RewardError, RouteContract, Routes } from '@curbside/contracts';
import { HttpErrorFilter } from './http-error.filter';

function run(exception: unknown, route?: RouteContract): { status: number; body: unknown; headers: Record<string, string> } {
  const captured: { status: number; body: unknown; headers: Record<string, string> } = { status: 0, body: undefined, headers: {} };
  const reply = {
    code(code: number) {
      captured.status = code;
      return this;
    },
    header(name: string, value: string) {
      captured.headers[name] = value;
      return this;
    },
    type(value: string) {
      expect(value).toBe('application/json; charset=utf-8');
      return this;
    },
    send(body: unknown) {
      captured.body = body;
      return this;
    },
  };
  const request = { routeOptions: { config: route ? { contract: route } : {} } };
  const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }) } as unknown as ArgumentsHost;
  new HttpErrorFilter().catch(exception, host);
  return captured;
}

describe(HttpErrorFilter.name, () => {
  it('answers every code of every module with its status, its code and its message', () => {
    for (const code of ERROR_CODES) {
      expect(run(new DomainError(code, `because ${code}`))).toEqual({ status: ERROR_STATUS[code], body: { code, message: `because ${code}` }, headers: {} });
    }
  });

  it.each([
    [ErrorCode.VALIDATION_FAILED, 400],
    [ErrorCode.UNAUTHENTICATED, 401],
    [ClaimError.PHOTO_FAILED, 403],
    [ItemError.NOT_FOUND, 404],
    [ItemError.NOT_AVAILABLE, 409],
    [RewardError.NOT_ENOUGH_POINTS, 409],
    [ErrorCode.RATE_LIMITED, 429],
    [ErrorCode.UNAVAILABLE, 503],
  ])('%s → %i', (code, status) => {
    expect(run(new DomainError(code, 'x')).status).toBe(status);
  });

  it('sends when to retry in the body and as Retry-After, in whole seconds of at least one', () => {
    expect(run(new DomainError(ErrorCode.RATE_LIMITED, 'Slow down', 0.2))).toEqual({
      status: 429,
      body: { code: ErrorCode.RATE_LIMITED, message: 'Slow down', retryAfterSeconds: 1 },
      headers: { 'Retry-After': '1' },
    });
    expect(run(new DomainError(ErrorCode.RATE_LIMITED, 'Slow down', 29.1)).headers).toEqual({ 'Retry-After': '30' });
  });

  it("gives Nest's own HTTP errors the shared code of their status", () => {
    expect(run(new NotFoundException('Cannot GET /api/nope')).body).toEqual({ code: ErrorCode.NOT_FOUND, message: 'Cannot GET /api/nope' });
    expect(run(new BadRequestException(['a', 'b'])).body).toEqual({ code: ErrorCode.VALIDATION_FAILED, message: 'a, b' });
    expect(run(new PayloadTooLargeException('Too big'))).toMatchObject({ status: 413, body: { code: ErrorCode.PAYLOAD_TOO_LARGE } });
  });

  it("answers a body past its route's limit with the route's own words (Fastify's refusal, as NestJS hands it over)", () => {
    const tooLarge = new HttpException('Request body is too large', 413);
    expect(run(tooLarge)).toMatchObject({
      status: 413,
      body: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: 'The request body is too large (the limit is 1 MB)' },
    });
    const photo = Routes.validatePickup as RouteContract;
    expect(run(tooLarge, photo).body).toEqual({ code: ErrorCode.PAYLOAD_TOO_LARGE, message: photo.largeJson?.tooLargeMessage });
  });

  it('says nothing of a failure on our side, whoever raised it', () => {
    for (const failure of [new Error('password=hunter2 in a stack trace'), new HttpException('FST_ERR_SOMETHING internal detail', 500)]) {
      expect(run(failure).body).toEqual({ code: ErrorCode.INTERNAL, message: 'Something went wrong on our side. Please try again.' });
    }
  });

  it('never leaks an unexpected error', () => {
    expect(run(new Error('password=hunter2 in a stack trace'))).toEqual({
      status: 500,
      body: { code: ErrorCode.INTERNAL, message: 'Something went wrong on our side. Please try again.' },
      headers: {},
    });
  });
});
