import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { commonCodeForStatus, DomainError, ErrorCode } from '@curbside/contracts';
import { createLogger } from '@curbside/platform';
import type { Response } from 'express';
import { sendError } from './error-response';

/** Every failed request answers `{code, message}` with the status of its code; nothing else leaks. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly log = createLogger('http-errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const error = this.toDomainError(exception);
    if (error.code === ErrorCode.INTERNAL) this.log.error({ err: exception }, 'request failed');
    sendError(host.switchToHttp().getResponse<Response>(), error);
  }

  /** Nest's own HTTP errors (a route that does not exist, a guard's refusal) get the shared code of their status. */
  private toDomainError(exception: unknown): DomainError {
    if (exception instanceof DomainError) return exception;
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const text = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(text) ? text.join(', ') : typeof text === 'string' ? text : exception.message;
      return new DomainError(commonCodeForStatus(exception.getStatus()), message);
    }
    return new DomainError(ErrorCode.INTERNAL, 'Something went wrong on our side. Please try again.');
  }
}
