import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { APP_CONFIG, AppConfig, OBJECT_STORAGE, ObjectStorage } from '@curbside/platform';
import { DocsController } from './docs/docs.controller';
import { HttpErrorFilter } from './errors/http-error.filter';
import { HealthController } from './health/health.controller';
import { RPC_CLIENT, RpcClient, ServiceClient } from './http/service-client';
import { ItemsController } from './items/items.controller';
import { SessionGuard } from './session/session.guard';
import { UsersController } from './users/users.controller';

export interface GatewayOptions {
  config: AppConfig;
  /** NATS in distributed mode, in memory in embedded mode. */
  rpcClient: RpcClient;
  /** Photos: MinIO or a local folder. */
  storage: ObjectStorage;
}

@Module({})
export class GatewayModule {
  static register(options: GatewayOptions): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [HealthController, DocsController, UsersController, ItemsController],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: RPC_CLIENT, useValue: options.rpcClient },
        { provide: OBJECT_STORAGE, useValue: options.storage },
        ServiceClient,
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
