import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import type { RpcRequest } from '@curbside/contracts';
import { catchError, Observable, throwError } from 'rxjs';
import { runWithRequestContext } from '../logging/request-context';
import { rpcDeadlineExceeded } from '../metrics/metrics';
import { deadlineExceeded, deadlineOf, isDeadlineExceeded, isPast } from './call-deadline';

/**
 * Restores the gateway's request id (and caller, and the call's deadline) from the call's meta, so service logs line
 * up with it and reads stop at the deadline (readWithinDeadline). A call already past its deadline is refused here,
 * before any other interceptor (an Idempotency-Key claim) or the handler runs: its caller has stopped waiting.
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToRpc().getData<Partial<RpcRequest>>();
    const meta = request?.meta;
    const deadline = deadlineOf(meta);
    if (isPast(deadline)) {
      rpcDeadlineExceeded.inc({ subject: subjectOf(context), stage: 'before' });
      return throwError(() => deadlineExceeded());
    }
    if (!meta?.requestId) return next.handle();
    const handled = new Observable((subscriber) =>
      runWithRequestContext({ requestId: meta.requestId, callerId: meta.callerId, deadline }, () => next.handle().subscribe(subscriber)),
    );
    if (deadline === undefined) return handled;
    return handled.pipe(
      catchError((err: unknown) => {
        if (isDeadlineExceeded(err)) rpcDeadlineExceeded.inc({ subject: subjectOf(context), stage: 'during' });
        return throwError(() => err);
      }),
    );
  }
}

/** The call's subject as its handler declares it (`items.feed`), without the deployment's namespace. */
function subjectOf(context: ExecutionContext): string {
  const patterns: unknown = Reflect.getMetadata(PATTERN_METADATA, context.getHandler());
  return Array.isArray(patterns) && typeof patterns[0] === 'string' ? patterns[0] : 'unknown';
}
