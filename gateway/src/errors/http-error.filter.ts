import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { commonCodeForStatus, DomainError, ErrorCode } from '@curbside/contracts';
import { createLogger } from '@curbside/platform';
import { bodyTooLarge } from '../http/body-parsers';
import { routeContractOf } from '../http/route-templates';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { sendError } from './error-response';

/** Every failed request answers `{code, message}` with the status of its code; nothing else leaks. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly log = createLogger('http-errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const error = this.toDomainError(exception, http.getRequest<HttpRequest>());
    if (error.code === ErrorCode.INTERNAL) this.log.error({ err: exception }, 'request failed');
    sendError(http.getResponse<HttpReply>(), error);
  }

  /**
   * Nest's own HTTP errors (a route that does not exist, a guard's refusal) get the shared code of their status, and
   * so do Fastify's refusals of a request (a body too large, a Content-Length that does not match), which NestJS
   * hands over as HTTP errors of their status. A failure on our side says nothing of itself.
   */
  private toDomainError(exception: unknown, request: HttpRequest): DomainError {
    if (exception instanceof DomainError) return exception;
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      if (exception.getStatus() === 413) return bodyTooLarge(routeContractOf(request));
      const body = exception.getResponse();
      const text = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(text) ? text.join(', ') : typeof text === 'string' ? text : exception.message;
      return new DomainError(commonCodeForStatus(exception.getStatus()), message);
    }
    return new DomainError(ErrorCode.INTERNAL, 'Something went wrong on our side. Please try again.');
  }
}
