import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config.schema';
import { loadConfig } from '../config/load-config';
import { connectEmbeddedPostgres } from '../database/embedded-postgres.server';
import { openDatabase, schemaNameFor } from '../database/open-database';
import { createLogger } from '../logging/logger';
import type { ServiceDefinition } from './service-runtime';

/**
 * Runs an operator's command (`npm run admin:grant`, `npm run admin:fulfilment` …) on one service's schema, migrated
 * as the service would: distributed mode opens DATABASE_URL; embedded mode DATA_DIR's database, the running app's or,
 * when the app is stopped, a server of its own for the moment it takes. The pool and the embedded server are
 * released however `fn` ends.
 */
export async function withServiceDatabase<T>(
  definition: Pick<ServiceDefinition, 'name' | 'entities' | 'migrations'>,
  applicationName: string,
  poolSize: number,
  fn: (dataSource: DataSource) => Promise<T>,
  config: Pick<AppConfig, 'RUN_MODE' | 'DATA_DIR' | 'DATABASE_URL'> = loadConfig(),
): Promise<T> {
  const embedded = config.RUN_MODE === 'embedded' ? await connectEmbeddedPostgres(config.DATA_DIR, createLogger('postgres')) : undefined;
  try {
    const dataSource = await openDatabase(
      { url: embedded?.url ?? config.DATABASE_URL, poolSize },
      { schema: schemaNameFor(definition.name), entities: definition.entities, migrations: definition.migrations, applicationName },
    );
    try {
      return await fn(dataSource);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await embedded?.release();
  }
}
