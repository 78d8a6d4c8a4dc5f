import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DomainError, ErrorCode, isWireError, RpcRequest } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger, currentRequestContext } from '@curbside/platform';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

export const RPC_CLIENT = Symbol('RPC_CLIENT');

/** What the gateway needs of a Nest client: ClientNats in distributed mode, InMemoryRpcClient embedded. */
export type RpcClient = Pick<ClientProxy, 'send'>;

/** Calls a service over request/reply with the request id and the session's user; errors come back typed. */
@Injectable()
export class ServiceClient {
  private readonly log = createLogger('service-client');

  constructor(
    @Inject(RPC_CLIENT) private readonly client: RpcClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async call<T>(pattern: string, body: unknown, callerId?: string, timeoutMs = this.config.RPC_TIMEOUT_MS): Promise<T> {
    const context = currentRequestContext();
    const request: RpcRequest = { meta: { requestId: context?.requestId ?? 'internal', callerId }, body };
    try {
      return await firstValueFrom(this.client.send<T>(pattern, request).pipe(timeout(timeoutMs)));
    } catch (err) {
      if (isWireError(err)) throw new DomainError(err.code, err.message);
      if (err instanceof TimeoutError) {
        throw new DomainError(ErrorCode.UNAVAILABLE, `The ${pattern.split('.')[0]} service did not answer in time. Please try again.`);
      }
      this.log.error({ err, pattern }, 'service call failed');
      throw new DomainError(ErrorCode.UNAVAILABLE, `The ${pattern.split('.')[0]} service is unavailable. Please try again.`);
    }
  }
}
