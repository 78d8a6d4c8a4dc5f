import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { EventConsumers } from '../outbox/event-consumers';
import { EventOutbox } from '../outbox/event-outbox';
import { IdempotentCalls } from '../idempotency/idempotent-calls';
import { PostgresIdempotencyStore } from '../idempotency/postgres.idempotency-store';
import { RpcCaller } from '../rpc/rpc-caller';
import { RpcErrorFilter } from '../rpc/rpc-error.filter';
import type { ServiceRuntime } from './service-runtime';
import { APP_CONFIG, EVENT_BUS, LIVE_CHANNEL, JOB_QUEUE, OBJECT_STORAGE, SERVICE_NAME, SMS_SENDER } from './tokens';
import { createHealthController } from './health.controller';

/** Gives a service's modules the ports and its own DataSource/outbox, plus error mapping and health. */
@Global()
@Module({})
export class PlatformModule {
  static forService(runtime: ServiceRuntime): DynamicModule {
    const { infrastructure: infra } = runtime;
    return {
      module: PlatformModule,
      controllers: [createHealthController(runtime)],
      providers: [
        { provide: SERVICE_NAME, useValue: runtime.name },
        { provide: APP_CONFIG, useValue: infra.config },
        { provide: EVENT_BUS, useValue: infra.bus },
        { provide: LIVE_CHANNEL, useValue: infra.live },
        { provide: JOB_QUEUE, useValue: infra.jobs },
        { provide: OBJECT_STORAGE, useValue: infra.storage },
        { provide: SMS_SENDER, useValue: infra.sms },
        { provide: RpcCaller, useValue: new RpcCaller(infra.rpcClient, infra.config.RPC_TIMEOUT_MS, runtime.name) },
        { provide: DataSource, useValue: runtime.dataSource },
        { provide: EventOutbox, useValue: runtime.outbox },
        { provide: EventConsumers, useValue: runtime.consumers },
        // Used only by handlers marked @Idempotent(), in services whose schema has the idempotency_keys table.
        { provide: IdempotentCalls, useFactory: () => new IdempotentCalls(new PostgresIdempotencyStore(runtime.dataSource, runtime.schema)) },
        { provide: APP_FILTER, useClass: RpcErrorFilter },
      ],
      exports: [
        SERVICE_NAME,
        APP_CONFIG,
        EVENT_BUS,
        LIVE_CHANNEL,
        JOB_QUEUE,
        OBJECT_STORAGE,
        SMS_SENDER,
        DataSource,
        EventOutbox,
        EventConsumers,
        RpcCaller,
        IdempotentCalls,
      ],
    };
  }
}
