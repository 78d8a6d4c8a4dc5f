import { join, resolve } from 'node:path';
import type { AppConfig } from '../config/config.schema';
import { SharedPglite } from '../database/shared-pglite';
import { InMemoryEventBus, InMemoryEventStore } from '../events/in-memory.event-bus';
import { InProcessJobQueue } from '../jobs/in-process.job-queue';
import { InMemoryRpcBroker, InMemoryRpcServer } from '../rpc/in-memory.rpc';
import { LocalFolderStorage } from '../storage/local-folder.storage';
import { createSmsSender } from '../sms/create-sms-sender';
import type { Infrastructure } from './infrastructure';

export interface EmbeddedInfrastructure extends Infrastructure {
  rpcBroker: InMemoryRpcBroker;
}

/** One process, no servers: PGlite under DATA_DIR/pglite, photos under DATA_DIR/objects. `inMemory` for tests. */
export async function createEmbeddedInfrastructure(config: AppConfig, options: { inMemory?: boolean } = {}): Promise<EmbeddedInfrastructure> {
  const dataDir = resolve(config.DATA_DIR);
  const pglite = await SharedPglite.open(options.inMemory ? undefined : join(dataDir, 'pglite'));
  const bus = new InMemoryEventBus(new InMemoryEventStore());
  const jobs = new InProcessJobQueue();
  const storage = new LocalFolderStorage(join(dataDir, 'storage'));
  const rpcBroker = new InMemoryRpcBroker();
  return {
    mode: 'embedded',
    config,
    database: { kind: 'pglite', shared: pglite },
    bus,
    jobs,
    storage,
    sms: createSmsSender(config),
    rpcBroker,
    rpcServer: () => new InMemoryRpcServer(rpcBroker),
    async close() {
      await jobs.close();
      await bus.close();
      await pglite.close();
    },
  };
}
