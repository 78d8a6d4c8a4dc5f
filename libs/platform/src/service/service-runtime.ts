import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@curbside/contracts';
import { DataSource } from 'typeorm';
import { openDatabase, schemaNameFor, ServiceDatabaseOptions } from '../database/open-database';
import { PinoNestLogger, createLogger } from '../logging/logger';
import { EventConsumers } from '../outbox/event-consumers';
import { EventOutbox } from '../outbox/event-outbox';
import { OutboxRelay } from '../outbox/outbox-relay';
import { watchOutbox } from '../metrics/metrics';
import type { Infrastructure } from './infrastructure';

/** What a service app is made of: its name, its root module, its tables and migrations. */
export interface ServiceDefinition {
  name: ServiceName;
  entities: ServiceDatabaseOptions['entities'];
  migrations: ServiceDatabaseOptions['migrations'];
  /** The service's root module; it must import PlatformModule.forService(runtime). */
  module(runtime: ServiceRuntime): DynamicModule;
  extraHealthChecks?(infrastructure: Infrastructure): Record<string, () => Promise<unknown>>;
}

export interface ServiceRuntime {
  name: ServiceName;
  schema: string;
  infrastructure: Infrastructure;
  dataSource: DataSource;
  outbox: EventOutbox;
  relay: OutboxRelay;
  consumers: EventConsumers;
  extraHealthChecks: Record<string, () => Promise<unknown>>;
}

export interface RunningService {
  name: ServiceName;
  app: INestMicroservice;
  runtime: ServiceRuntime;
  close(): Promise<void>;
}

/** Opens the service's schema, wires its outbox to the bus and starts listening for calls. Same in both modes. */
export async function startService(definition: ServiceDefinition, infrastructure: Infrastructure): Promise<RunningService> {
  const schema = schemaNameFor(definition.name);
  const dataSource = await openDatabase(infrastructure.database, {
    schema,
    entities: definition.entities,
    migrations: definition.migrations,
    applicationName: `curbside-${definition.name}`,
  });
  const outbox = new EventOutbox(dataSource, definition.name);
  const relay = new OutboxRelay(dataSource, infrastructure.bus, infrastructure.config.OUTBOX_POLL_MS);
  outbox.onCommitted(() => relay.kick());
  const consumers = new EventConsumers(definition.name, schema, infrastructure.bus, outbox);
  const runtime: ServiceRuntime = {
    name: definition.name,
    schema,
    infrastructure,
    dataSource,
    outbox,
    relay,
    consumers,
    extraHealthChecks: definition.extraHealthChecks?.(infrastructure) ?? {},
  };
  let app: INestMicroservice | undefined;
  try {
    app = await NestFactory.createMicroservice(definition.module(runtime), {
      strategy: infrastructure.rpcServer(definition.name),
      logger: new PinoNestLogger(definition.name),
    });
    await app.listen();
  } catch (error) {
    // A service that failed to start keeps nothing open: the hooks of its modules that did start, its connections.
    await app?.close().catch(() => undefined);
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  const started = app;
  relay.start();
  const unwatchOutbox = watchOutbox(definition.name, () => relay.backlog());
  // Embedded, the six services start inside `npm start`, whose first lines are where the data lives and the URL.
  const level = infrastructure.mode === 'embedded' ? 'debug' : 'info';
  createLogger(definition.name)[level]({ mode: infrastructure.mode, schema }, 'service started');
  return {
    name: definition.name,
    app: started,
    runtime,
    async close() {
      unwatchOutbox();
      await started.close();
      await relay.stop();
      await dataSource.destroy();
    },
  };
}
