import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { DomainError } from '@curbside/contracts';
import { createLogger } from '@curbside/platform';
import type { Response } from 'express';
import { HTTP_STATUS_BY_CODE } from './http-status';

/** Every failed request answers `{ message }` with the status of its error code; nothing else leaks. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly log = createLogger('http-errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } = this.describe(exception);
    if (status >= 500) this.log.error({ err: exception }, 'request failed');
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    response.status(status).json({ message });
  }

  private describe(exception: unknown): { status: number; message: string } {
    if (exception instanceof DomainError) return { status: HTTP_STATUS_BY_CODE[exception.code], message: exception.message };
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const text = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(text) ? text.join(', ') : typeof text === 'string' ? text : exception.message;
      return { status: exception.getStatus(), message };
    }
    return { status: 500, message: 'Something went wrong on our side. Please try again.' };
  }
}
