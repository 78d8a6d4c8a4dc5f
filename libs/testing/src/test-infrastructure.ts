import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMigratedTestDatabase, createTestDatabase, natsStreamName, ServiceDefinition, TestDatabase } from '@curbside/platform';

export interface DistributedTestEnvironment {
  /** Environment overrides: a fresh database, a NATS stream of its own, any free port. */
  env: Record<string, string>;
  database: TestDatabase;
  dispose(): Promise<void>;
}

/**
 * Real PostgreSQL, NATS JetStream and Redis on this machine, isolated per test file: a new database, a NATS
 * namespace of its own (stream and subjects) and a temporary folder for photos, both removed afterwards. With
 * `migrated`, the database holds those services' schemas already migrated (createMigratedTestDatabase); without, it
 * is empty, for tests of how the services migrate it.
 */
export async function createDistributedTestEnvironment(migrated?: readonly ServiceDefinition[]): Promise<DistributedTestEnvironment> {
  const database = await (migrated ? createMigratedTestDatabase(migrated) : createTestDatabase());
  const namespace = `test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-distributed-'));
  const env = {
    RUN_MODE: 'distributed',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NAMESPACE: namespace,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    STORAGE_DRIVER: 'local',
    OUTBOX_POLL_MS: '100',
    PORT: '0',
  };
  return {
    env,
    database,
    async dispose() {
      const { NatsEventBus } = await import('@curbside/platform');
      const bus = await NatsEventBus.connect({ servers: env.NATS_URL, stream: natsStreamName(namespace), subjectPrefix: `${namespace}.events` });
      await bus.deleteStream();
      await bus.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
