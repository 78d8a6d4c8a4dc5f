import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RpcCaller, RpcClient } from '@curbside/platform';

export const RPC_CLIENT = Symbol('RPC_CLIENT');
export type { RpcClient };

/** The gateway's calls to the services: the platform's RpcCaller on the gateway's own client. */
@Injectable()
export class ServiceClient extends RpcCaller {
  constructor(@Inject(RPC_CLIENT) client: RpcClient, @Inject(APP_CONFIG) config: AppConfig) {
    super(client, config.RPC_TIMEOUT_MS, 'gateway');
  }
}
