import type { ClientProxy } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { AppName, CallBody, CallContract, callersOf, CallReply, DomainError, ErrorCode, isWireError, RpcRequest } from '@curbside/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { createLogger } from '../logging/logger';
import { currentRequestContext } from '../logging/request-context';
import { rpcCallDuration } from '../metrics/metrics';
import { callDeadline, isDeadlineExceeded } from './call-deadline';

/**
 * A call's own timeout (default RPC_TIMEOUT_MS; the call carries it as its deadline, RpcMeta.deadline), and the
 * client's Idempotency-Key of a creating call.
 */
export interface RpcCallOptions {
  timeoutMs?: number;
  idempotencyKey?: string;
}

/** What a caller needs of a Nest client: ClientNats in distributed mode, InMemoryRpcClient embedded. */
export type RpcClient = Pick<ClientProxy, 'send'>;

/**
 * Calls a service over request/reply with the current request id, the acting user and the call's deadline (its
 * timeout from now, or the deadline of the call being answered when sooner); a service's own errors come back as the
 * DomainError it threw, a silent or missing service, or one that found the deadline passed, as UNAVAILABLE. Used by the gateway and
 * by services that ask other services (the emergency lookup).
 */
export class RpcCaller {
  private readonly log = createLogger('service-client');

  /** `app`: the process making the calls, which may make only the calls that name it (CallContract.callers). */
  constructor(
    private readonly client: RpcClient,
    private readonly defaultTimeoutMs: number,
    readonly app: AppName,
  ) {}

  /** Sends a call's body (typed by its contract) and resolves to its reply, or throws the DomainError it answered. */
  async call<C extends CallContract>(contract: C, body: CallBody<C>, callerId?: string, options: number | RpcCallOptions = {}): Promise<CallReply<C>> {
    const pattern = contract.subject;
    // A mistake in our code, not the caller's: the app's NATS user could not send it either (nats-permissions.ts).
    if (!callersOf(contract).includes(this.app)) throw new Error(`${this.app} may not call ${pattern}: its contract names ${callersOf(contract).join(', ')}`);
    const { timeoutMs = this.defaultTimeoutMs, idempotencyKey } = typeof options === 'number' ? { timeoutMs: options } : options;
    const context = currentRequestContext();
    const deadline = callDeadline(timeoutMs, context?.deadline);
    const meta: RpcRequest['meta'] = {
      requestId: context?.requestId ?? 'internal',
      callerId,
      deadline,
      ...(idempotencyKey ? { idempotencyKey } : {}),
      ...(context?.device ? { device: context.device } : {}),
    };
    const request: RpcRequest = { meta, body };
    const started = performance.now();
    try {
      const reply = await firstValueFrom(this.client.send<CallReply<C>>(pattern, request).pipe(timeout(Math.max(0, deadline - Date.now()))));
      rpcCallDuration.observe({ subject: pattern, outcome: 'ok' }, (performance.now() - started) / 1000);
      return reply;
    } catch (err) {
      // A service that found the deadline passed answers what our own timer would have: the call ran out of time.
      const outOfTime = err instanceof TimeoutError || isDeadlineExceeded(err);
      const outcome = outOfTime ? 'timeout' : isWireError(err) ? 'error' : 'unavailable';
      rpcCallDuration.observe({ subject: pattern, outcome }, (performance.now() - started) / 1000);
      if (outOfTime) {
        throw new DomainError(ErrorCode.UNAVAILABLE, `The ${pattern.split('.')[0]} service did not answer in time. Please try again.`);
      }
      if (isWireError(err)) throw new DomainError(err.code, err.message, err.retryAfterSeconds);
      // No process listens (stopped, crashed, still starting): the caller answers UNAVAILABLE and /api/health names
      // the service; a stack trace for every such call (the health checks poll while services start) said nothing more.
      if (err instanceof EmptyResponseException) this.log.debug({ pattern }, 'no service listens');
      else this.log.error({ err, pattern }, 'service call failed');
      throw new DomainError(ErrorCode.UNAVAILABLE, `The ${pattern.split('.')[0]} service is unavailable. Please try again.`);
    }
  }
}
