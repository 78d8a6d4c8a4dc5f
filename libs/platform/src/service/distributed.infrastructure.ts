import { join, resolve } from 'node:path';
import type { AppConfig } from '../config/config.schema';
import { NatsEventBus } from '../events/nats.event-bus';
import { BullMqJobQueue } from '../jobs/bullmq.job-queue';
import { NatsLiveChannel } from '../live/nats.live-channel';
import { NamespacedClientNats, NamespacedServerNats } from '../rpc/namespaced-nats';
import { LocalFolderStorage } from '../storage/local-folder.storage';
import { MinioStorage } from '../storage/minio.storage';
import { natsCredentials } from '../net/nats-connection';
import { natsStreamName } from '../net/nats-permissions';
import type { ObjectStorage } from '../storage/object-storage.port';
import { createSmsSender } from '../sms/create-sms-sender';
import { watchConsumerLag } from '../metrics/metrics';
import type { Infrastructure } from './infrastructure';

export function createObjectStorage(config: AppConfig): ObjectStorage {
  if (config.STORAGE_DRIVER === 'local') return new LocalFolderStorage(join(resolve(config.DATA_DIR), 'storage'));
  return new MinioStorage({
    endPoint: config.MINIO_ENDPOINT,
    port: config.MINIO_PORT,
    useSSL: config.MINIO_USE_SSL,
    accessKey: config.MINIO_ACCESS_KEY,
    secretKey: config.MINIO_SECRET_KEY,
    bucket: config.MINIO_BUCKET,
  });
}

/** The live channel of a deployment: its signals stay outside the JetStream stream's subjects. */
export function createNatsLiveChannel(config: AppConfig, processName: string): NatsLiveChannel {
  return new NatsLiveChannel({
    servers: config.NATS_URL,
    subjectPrefix: `${config.NAMESPACE}.live`,
    connectionName: `${processName}-live`,
    ...natsCredentials(config),
  });
}

/** A caller of the services over NATS: a gateway, a service that asks another one, a container's healthcheck. */
export function createNatsRpcClient(config: AppConfig, name?: string): NamespacedClientNats {
  return new NamespacedClientNats(config.NAMESPACE, { servers: [config.NATS_URL], name, ...natsCredentials(config) });
}

/** One process of the distributed deployment: PostgreSQL, NATS JetStream, BullMQ on Redis, MinIO or a folder. */
export async function createDistributedInfrastructure(config: AppConfig, processName: string): Promise<Infrastructure> {
  const bus = await NatsEventBus.connect({
    servers: config.NATS_URL,
    stream: natsStreamName(config.NAMESPACE),
    subjectPrefix: `${config.NAMESPACE}.events`,
    connectionName: processName,
    replicas: config.NATS_STREAM_REPLICAS,
    ...natsCredentials(config),
  });
  const jobs = new BullMqJobQueue({ redisUrl: config.REDIS_URL, prefix: `${config.NAMESPACE}:jobs` });
  const storage = createObjectStorage(config);
  const live = createNatsLiveChannel(config, processName);
  // Connects on its first call: most services never ask another one.
  const rpcClient = createNatsRpcClient(config, `${processName}-client`);
  const unwatchLag = watchConsumerLag(() => bus.consumerLag());
  return {
    mode: 'distributed',
    config,
    database: { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE },
    bus,
    live,
    jobs,
    storage,
    sms: createSmsSender(config),
    rpcServer: (service) =>
      new NamespacedServerNats(config.NAMESPACE, { servers: [config.NATS_URL], queue: service, name: `${processName}-rpc`, ...natsCredentials(config) }),
    rpcClient,
    async close() {
      unwatchLag();
      await rpcClient.close();
      await jobs.close();
      await bus.close();
      await live.close();
    },
  };
}
