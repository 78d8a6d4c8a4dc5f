import { healthCall, HealthReport, ServiceName } from '@curbside/contracts';
import type { AppConfig } from '../config/config.schema';
import { loadConfig } from '../config/load-config';
import { createLogger } from '../logging/logger';
import { startMetricsServer } from '../metrics/metrics-server';
import { RpcCaller } from '../rpc/rpc-caller';
import { createDistributedInfrastructure, createNatsRpcClient } from './distributed.infrastructure';
import { ServiceDefinition, startService } from './service-runtime';

/** Asks a running service over NATS how it is; the container healthcheck (`main.js --healthcheck`). */
export async function checkServiceHealth(service: ServiceName, config: AppConfig): Promise<HealthReport> {
  const client = createNatsRpcClient(config);
  try {
    await client.connect();
    return await new RpcCaller(client, 3000, service).call(healthCall(service), {});
  } finally {
    await client.close();
  }
}

/** The `main.ts` of a service in distributed mode: one process, real servers, clean shutdown on SIGTERM. */
export async function runServiceProcess(definition: ServiceDefinition): Promise<void> {
  const log = createLogger(definition.name);
  const config = loadConfig(process.env, { RUN_MODE: 'distributed' });
  if (process.argv.includes('--healthcheck')) {
    const report = await checkServiceHealth(definition.name, config).catch((err: unknown) => {
      log.error({ err }, 'healthcheck failed');
      return null;
    });
    process.exit(report?.status === 'ok' ? 0 : 1);
  }
  try {
    const infrastructure = await createDistributedInfrastructure(config, definition.name);
    const service = await startService(definition, infrastructure);
    const metrics = config.METRICS_PORT === undefined ? undefined : await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, definition.name);
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'stopping');
      await service.close();
      await infrastructure.close();
      await metrics?.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } catch (err) {
    log.fatal({ err }, 'service failed to start');
    process.exit(1);
  }
}
