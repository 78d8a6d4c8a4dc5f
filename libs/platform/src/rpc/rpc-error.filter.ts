import { ArgumentsHost, Catch, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { DomainError, ErrorCode, WireError } from '@curbside/contracts';
import { Observable, throwError } from 'rxjs';
import { createLogger } from '../logging/logger';

/** Every error leaves a service as a WireError: a DomainError keeps its code, anything else is INTERNAL. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly log = createLogger('rpc-errors');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof DomainError) return throwError(() => exception.toWire());
    if (exception instanceof RpcException) return throwError(() => exception.getError());
    this.log.error({ err: exception }, 'unexpected error in a service call');
    const wire: WireError = { code: ErrorCode.INTERNAL, message: 'Something went wrong on our side. Please try again.' };
    return throwError(() => wire);
  }
}
