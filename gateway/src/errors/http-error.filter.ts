import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { commonCodeForStatus, DomainError, ErrorCode, RouteContract } from '@curbside/contracts';
import { createLogger } from '@curbside/platform';
import { routeContractOf } from '../http/route-templates';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { sendError } from './error-response';

const MB = 1024 * 1024;

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

/** 413 with the route's own words when its contract allows a larger body (a photo), else the default limit's. */
export function bodyTooLarge(route: RouteContract | undefined): DomainError {
  const message = route?.largeJson?.tooLargeMessage ?? `The request body is too large (the limit is ${Math.round(DEFAULT_BODY_LIMIT / MB)} MB)`;
  return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, message);
}

/** The largest JSON body of a route without a contract of its own for it (`largeJson`). */
export const DEFAULT_BODY_LIMIT = MB;
