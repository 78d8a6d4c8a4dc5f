import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { RpcRequest } from '@curbside/contracts';
import { Observable } from 'rxjs';
import { runWithRequestContext } from '../logging/request-context';

/** Restores the gateway's request id (and caller) from the call's meta, so service logs line up with it. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToRpc().getData<Partial<RpcRequest>>();
    const meta = request?.meta;
    if (!meta?.requestId) return next.handle();
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId: meta.requestId, callerId: meta.callerId }, () => next.handle().subscribe(subscriber)),
    );
  }
}
