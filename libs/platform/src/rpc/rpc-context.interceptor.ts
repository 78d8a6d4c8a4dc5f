import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import type { RpcRequest } from '@curbside/contracts';
import { from, lastValueFrom, Observable } from 'rxjs';
import { runWithRequestContext } from '../logging/request-context';
import { rpcDeadlineExceeded } from '../metrics/metrics';
import { deadlineExceeded, deadlineOf, isDeadlineExceeded, isPast } from './call-deadline';

/** The calls whose context an interceptor entered already, so the handler's own wrapper does not enter it again. */
const entered = new WeakSet<object>();

/**
 * Runs `answer` in the call's context: the gateway's request id, the caller and the call's deadline, restored from its
 * meta so service logs line up with it and reads stop at the deadline (readWithinDeadline). A call already past its
 * deadline is refused before anything of it runs: its caller has stopped waiting. Every @Handles method runs in it,
 * without Nest's interceptor chain, whose two async resources and Observables a call cost more than the context itself
 * (bench/README.md, "The call's context without an interceptor"); a method with interceptors of its own (@Idempotent)
 * enters it before them through RpcContextInterceptor.
 */
export function inCallContext<T>(subject: string, request: Partial<RpcRequest> | undefined, answer: () => Promise<T>): Promise<T> {
  if (request && entered.has(request)) return answer();
  const meta = request?.meta;
  const deadline = deadlineOf(meta);
  if (isPast(deadline)) {
    rpcDeadlineExceeded.inc({ subject, stage: 'before' });
    return Promise.reject(deadlineExceeded());
  }
  if (!meta?.requestId) return answer();
  const answered = runWithRequestContext({ requestId: meta.requestId, callerId: meta.callerId, deadline }, answer);
  if (deadline === undefined) return answered;
  return answered.catch((err: unknown) => {
    if (isDeadlineExceeded(err)) rpcDeadlineExceeded.inc({ subject, stage: 'during' });
    throw err;
  });
}

/**
 * The call's context (inCallContext) for a method with interceptors of its own: listed first, so a call past its
 * deadline is refused before any other interceptor (an Idempotency-Key claim) runs, and they run in the context.
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToRpc().getData<Partial<RpcRequest> | undefined>();
    return from(
      inCallContext(subjectOf(context), request, () => {
        if (request && typeof request === 'object') entered.add(request);
        return lastValueFrom(next.handle(), { defaultValue: undefined });
      }),
    );
  }
}

/** The call's subject as its handler declares it (`items.feed`), without the deployment's namespace. */
function subjectOf(context: ExecutionContext): string {
  const patterns: unknown = Reflect.getMetadata(PATTERN_METADATA, context.getHandler());
  return Array.isArray(patterns) && typeof patterns[0] === 'string' ? patterns[0] : 'unknown';
}
