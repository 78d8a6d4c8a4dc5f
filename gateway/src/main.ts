import { createLogger, createNatsLiveChannel, createNatsRpcClient, createObjectStorage, loadConfig, startMetricsServer } from '@curbside/platform';
import type { AddressInfo } from 'node:net';
import { RedisThrottlerStorage } from './rate-limit/redis-throttler.storage';
import { createGatewayApp } from './create-gateway-app';

/** The gateway alone (distributed mode): HTTP in front, NATS request/reply behind. */
async function main(): Promise<void> {
  const log = createLogger('gateway');
  const config = loadConfig(process.env, { RUN_MODE: 'distributed' });
  const rpcClient = createNatsRpcClient(config, 'gateway');
  await rpcClient.connect();
  const rateLimitStorage = await RedisThrottlerStorage.connect(config.REDIS_URL, `${config.NAMESPACE}:throttle`);
  const live = createNatsLiveChannel(config, 'gateway');
  const app = await createGatewayApp({ config, rpcClient, live, storage: createObjectStorage(config), rateLimitStorage });
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  // The bound port, which differs from PORT when PORT is 0.
  const { port } = app.getHttpServer().address() as AddressInfo;
  log.info({ url: `http://${config.HOST}:${port}` }, `gateway listening on http://${config.HOST}:${port}`);
  if (config.METRICS_PORT !== undefined) await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, 'gateway');
}

main().catch((err: unknown) => {
  createLogger('gateway').fatal({ err }, 'gateway failed to start');
  process.exit(1);
});
