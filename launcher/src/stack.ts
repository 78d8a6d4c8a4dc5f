import type { INestApplication } from '@nestjs/common';
import { createGatewayApp, RedisThrottlerStorage } from '@curbside/gateway';
import {
  AppConfig,
  createDistributedInfrastructure,
  createEmbeddedInfrastructure,
  createNatsLiveChannel,
  EmbeddedInfrastructureOptions,
  createObjectStorage,
  InMemoryRpcClient,
  createNatsRpcClient,
  Infrastructure,
  MetricsServer,
  RunningService,
  startMetricsServer,
  startService,
} from '@curbside/platform';
import type { AddressInfo } from 'node:net';
import { ALL_SERVICES } from './services';

export interface RunningStack {
  /** Base URL of the gateway, e.g. http://127.0.0.1:3000 */
  url: string;
  /** The process's GET /metrics when METRICS_PORT is set: everything this process runs, on a port of its own. */
  metricsUrl?: string;
  services: RunningService[];
  /** Distributed mode: one more gateway process on the same servers (replica tests), its settings changed by `overrides`. */
  startGatewayReplica?(overrides?: Partial<AppConfig>): Promise<{ url: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

async function listen(gateway: INestApplication, config: AppConfig): Promise<string> {
  await gateway.listen(config.PORT, config.HOST);
  const address = gateway.getHttpServer().address() as AddressInfo;
  return `http://${config.HOST}:${address.port}`;
}

/** Embedded mode: the gateway and all six services in this process, on the embedded PostgreSQL and in-process adapters. */
export async function startEmbeddedStack(config: AppConfig, options: EmbeddedInfrastructureOptions = {}): Promise<RunningStack> {
  const infrastructure = await createEmbeddedInfrastructure(config, options);
  const services: RunningService[] = [];
  let gateway: INestApplication | undefined;
  let metrics: MetricsServer | undefined;
  let url: string;
  try {
    // Each service migrates its own schema; in parallel they would only contend for the one machine's cores.
    for (const definition of ALL_SERVICES) services.push(await startService(definition, infrastructure));
    gateway = await createGatewayApp({
      config,
      rpcClient: new InMemoryRpcClient(infrastructure.rpcBroker),
      live: infrastructure.live,
      storage: infrastructure.storage,
    });
    url = await listen(gateway, config);
    metrics = await serveMetrics(config);
  } catch (err) {
    // A half-started app must not leave its database server running.
    await gateway?.close().catch(() => undefined);
    for (const service of services.reverse()) await service.close().catch(() => undefined);
    await infrastructure.close();
    throw err;
  }
  const started = gateway;
  return {
    url,
    metricsUrl: metrics?.url,
    services,
    async close() {
      await metrics?.close();
      await started.close();
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
  const replicas: { close(): Promise<void> }[] = [];
  const first = await startDistributedGateway(config);
  // One process here holds what would be seven: its one /metrics has all of them.
  const metrics = await serveMetrics(config);
  return {
    url: first.url,
    metricsUrl: metrics?.url,
    services,
    async startGatewayReplica(overrides = {}) {
      const replica = await startDistributedGateway({ ...config, ...overrides });
      replicas.push(replica);
      return replica;
    },
    async close() {
      await metrics?.close();
      for (const gateway of [...replicas, first]) await gateway.close();
      await Promise.all(services.map((s) => s.close()));
      await Promise.all(infrastructures.map((i) => i.close()));
    },
  };
}

/** GET /metrics of this process on METRICS_PORT, when set (metrics-server.ts in libs/platform says why a port of its own). */
function serveMetrics(config: AppConfig): Promise<MetricsServer | undefined> {
  return config.METRICS_PORT === undefined ? Promise.resolve(undefined) : startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, 'curbside');
}

/** A gateway with connections of its own, as its own process would have. */
async function startDistributedGateway(config: AppConfig): Promise<{ url: string; close(): Promise<void> }> {
  const rpcClient = createNatsRpcClient(config, 'gateway');
  await rpcClient.connect();
  const rateLimitStorage = await RedisThrottlerStorage.connect(config.REDIS_URL, `${config.NAMESPACE}:throttle`);
  const live = createNatsLiveChannel(config, 'gateway');
  const gateway = await createGatewayApp({ config, rpcClient, live, storage: createObjectStorage(config), rateLimitStorage });
  const url = await listen(gateway, config);
  return {
    url,
    async close() {
      await gateway.close();
      await rpcClient.close();
      await live.close();
      await rateLimitStorage.close();
    },
  };
}
