import type { INestApplication } from '@nestjs/common';
import { createGatewayApp, RedisThrottlerStorage } from '@curbside/gateway';
import Redis from 'ioredis';
import {
  AppConfig,
  createDistributedInfrastructure,
  createEmbeddedInfrastructure,
  createObjectStorage,
  InMemoryRpcClient,
  NamespacedClientNats,
  Infrastructure,
  RunningService,
  startService,
} from '@curbside/platform';
import type { AddressInfo } from 'node:net';
import { ALL_SERVICES } from './services';

export interface RunningStack {
  /** Base URL of the gateway, e.g. http://127.0.0.1:3000 */
  url: string;
  services: RunningService[];
  close(): Promise<void>;
}

async function listen(gateway: INestApplication, config: AppConfig): Promise<string> {
  await gateway.listen(config.PORT, config.HOST);
  const address = gateway.getHttpServer().address() as AddressInfo;
  return `http://${config.HOST}:${address.port}`;
}

/** Embedded mode: the gateway and all six services in this process, on PGlite and in-memory adapters. */
export async function startEmbeddedStack(config: AppConfig, options: { inMemory?: boolean } = {}): Promise<RunningStack> {
  const infrastructure = await createEmbeddedInfrastructure(config, options);
  const services: RunningService[] = [];
  // One after the other: they share the one PGlite connection, and migrations would only queue anyway.
  for (const definition of ALL_SERVICES) services.push(await startService(definition, infrastructure));
  const gateway = await createGatewayApp({
    config,
    rpcClient: new InMemoryRpcClient(infrastructure.rpcBroker),
    storage: infrastructure.storage,
  });
  const url = await listen(gateway, config);
  return {
    url,
    services,
    async close() {
      await gateway.close();
      for (const service of services.reverse()) await service.close();
      await infrastructure.close();
    },
  };
}

/**
 * Distributed wiring in one process: every service and the gateway get connections of their own to the real
 * PostgreSQL, NATS and Redis, exactly as separate processes would (tests use this; `start:dist` spawns processes).
 */
export async function startDistributedStack(config: AppConfig): Promise<RunningStack> {
  const infrastructures: Infrastructure[] = [];
  const services = await Promise.all(
    ALL_SERVICES.map(async (definition) => {
      const infrastructure = await createDistributedInfrastructure(config, definition.name);
      infrastructures.push(infrastructure);
      return startService(definition, infrastructure);
    }),
  );
  const rpcClient = new NamespacedClientNats(config.NAMESPACE, { servers: [config.NATS_URL], name: 'gateway' });
  await rpcClient.connect();
  const rateLimitStorage = new RedisThrottlerStorage(new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }), `${config.NAMESPACE}:throttle`);
  const gateway = await createGatewayApp({ config, rpcClient, storage: createObjectStorage(config), rateLimitStorage });
  const url = await listen(gateway, config);
  return {
    url,
    services,
    async close() {
      await gateway.close();
      await rpcClient.close();
      await rateLimitStorage.close();
      await Promise.all(services.map((s) => s.close()));
      await Promise.all(infrastructures.map((i) => i.close()));
    },
  };
}
