import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { RpcRequest } from '@curbside/contracts';
import { from, lastValueFrom, Observable } from 'rxjs';
import { RpcContextInterceptor } from '../rpc/rpc-context.interceptor';
import { IdempotentCalls, requestHash } from './idempotent-calls';

/**
 * Runs a service's creating handler once per caller and Idempotency-Key (RpcMeta.idempotencyKey). A call without a
 * key, or without a caller to scope it to, runs as before. The service must list CreateIdempotencyKeysTable1764000000000
 * among its migrations.
 */
@Injectable()
export class IdempotentInterceptor implements NestInterceptor {
  constructor(private readonly calls: IdempotentCalls) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToRpc().getData<Partial<RpcRequest>>();
    const key = request?.meta?.idempotencyKey;
    const callerId = request?.meta?.callerId;
    if (!key || !callerId) return next.handle();
    // The handler names the operation, so one key sent to two different calls is "another request" (422).
    const operation = `${context.getClass().name}.${context.getHandler().name}`;
    const claim = { callerId, key, requestHash: requestHash(operation, request.body) };
    return from(this.calls.run(claim, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

/**
 * Marks a creating RPC handler: a repeat of its call under the same caller and key replays the first answer. The
 * call's context comes first, so a call past its deadline claims no key, and the claim runs in the context.
 */
export function Idempotent(): MethodDecorator {
  return UseInterceptors(RpcContextInterceptor, IdempotentInterceptor);
}
