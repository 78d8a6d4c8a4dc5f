import { Client } from 'pg';
import { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { createLogger } from '../logging/logger';
import { ProcessedEventEntity, OutboxEventEntity } from '../outbox/outbox.entities';
import { CreateOutboxTables1763800000000 } from '../outbox/create-outbox-tables.migration';
import { readTimestampsByPosition } from './timestamps';

/** Where a service's schema lives: the PostgreSQL server of either run mode, and the size of the service's pool. */
export interface DatabaseTarget {
  url: string;
  poolSize: number;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type EntityList = MixedList<Function | string | EntitySchema>;
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type MigrationList = Function[];

export interface ServiceDatabaseOptions {
  /** The service's own Postgres schema; nothing else is written outside it. */
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
  applicationName: string;
}

export function schemaNameFor(service: string): string {
  return service.replace(/-/g, '_');
}

/**
 * Opens a service's DataSource on its schema and runs its migrations (the outbox tables come first, for
 * every service). Same entities, same migrations, same SQL in both run modes.
 */
export async function openDatabase(target: DatabaseTarget, options: ServiceDatabaseOptions): Promise<DataSource> {
  const log = createLogger('database');
  const common = {
    type: 'postgres' as const,
    schema: options.schema,
    entities: [OutboxEventEntity, ProcessedEventEntity, ...(options.entities as unknown[])] as EntityList,
    migrations: [CreateOutboxTables1763800000000, ...options.migrations],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each' as const,
    installExtensions: false,
    synchronize: false,
    logging: false,
  };
  const dataSourceOptions: DataSourceOptions = {
    ...common,
    url: target.url,
    applicationName: options.applicationName,
    // JIT compiles any statement whose cost estimate is high (the feed's many-cell UNION ALL) on every call,
    // for 100+ ms of nothing on short OLTP statements: off for every connection, so no statement needs its own
    // transaction and SET LOCAL round trips.
    extra: { max: target.poolSize, options: '-c jit=off' },
  };
  readTimestampsByPosition();
  const dataSource = new DataSource(dataSourceOptions);
  await dataSource.initialize();
  const ran = await withMigrationLock(target, options.schema, async () => {
    // Under the lock too: two sessions creating the same schema at the same moment are not safe even with IF NOT
    // EXISTS (one fails on pg_namespace's unique index), and replicas on a new database do exactly that.
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    return dataSource.runMigrations({ transaction: 'each' });
  }).catch(async (error: unknown) => {
    // A schema that cannot be migrated is not served: its pool is closed before the failure goes on.
    await dataSource.destroy().catch(() => undefined);
    throw error;
  });
  if (ran.length) log.info({ schema: options.schema, migrations: ran.map((m) => m.name) }, 'migrations applied');
  return dataSource;
}

/**
 * Replicas starting together must not create the schema or run the same migrations twice: a session advisory lock
 * per schema, held on a connection of its own (the migrations need the pool's).
 */
async function withMigrationLock<T>(target: DatabaseTarget, schema: string, fn: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: target.url, application_name: 'curbside-migrations' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    return await fn();
  } finally {
    await client.end();
  }
}
