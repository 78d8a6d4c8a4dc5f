import { ArgumentsHost, BadRequestException, NotFoundException } from '@nestjs/common';
import { DomainError, ErrorCode } from '@curbside/contracts';
import { HttpErrorFilter } from './http-error.filter';
import { HTTP_STATUS_BY_CODE } from './http-status';

function run(exception: unknown): { status: number; body: unknown } {
  const captured: { status: number; body: unknown } = { status: 0, body: undefined };
  const response = {
    status(code: number) {
      captured.status = code;
      return this;
    },
    json(body: unknown) {
      captured.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new HttpErrorFilter().catch(exception, host);
  return captured;
}

describe(HttpErrorFilter.name, () => {
  it('maps every error code to a status and keeps its message', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(run(new DomainError(code, `because ${code}`))).toEqual({ status: HTTP_STATUS_BY_CODE[code], body: { message: `because ${code}` } });
    }
  });

  it.each([
    [ErrorCode.VALIDATION_FAILED, 400],
    [ErrorCode.UNAUTHENTICATED, 401],
    [ErrorCode.FORBIDDEN, 403],
    [ErrorCode.ITEM_NOT_FOUND, 404],
    [ErrorCode.ITEM_NOT_AVAILABLE, 409],
    [ErrorCode.RATE_LIMITED, 429],
    [ErrorCode.UNAVAILABLE, 503],
  ])('%s → %i', (code, status) => {
    expect(run(new DomainError(code, 'x')).status).toBe(status);
  });

  it('answers Nest HTTP errors with their status and a plain message', () => {
    expect(run(new NotFoundException('Cannot GET /api/nope'))).toEqual({ status: 404, body: { message: 'Cannot GET /api/nope' } });
    expect(run(new BadRequestException(['a', 'b']))).toEqual({ status: 400, body: { message: 'a, b' } });
  });

  it('never leaks an unexpected error', () => {
    expect(run(new Error('password=hunter2 in a stack trace'))).toEqual({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.' },
    });
  });
});
