import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { Extension, PGlite } from '@electric-sql/pglite';
import * as pg from 'pg';

// PGlite's sub-path typings are ESM-only while its CommonJS builds work; load those with require.
const { cube } = require('@electric-sql/pglite/contrib/cube') as { cube: Extension };
const { earthdistance } = require('@electric-sql/pglite/contrib/earthdistance') as { earthdistance: Extension };
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
const { createPgConfig } = require('@electric-sql/pglite/node-postgres') as {
  createPgConfig(pglite: PGlite): pg.PoolConfig;
};

/**
 * Embedded mode runs every service on ONE PGlite (Postgres in WASM): six instances measured 1.5 GB RSS and
 * 9 s to start on this machine, one instance 0.4 GB and 2 s. PGlite has a single connection, so all services
 * share ONE node-postgres pool of size 1: a transaction holds the connection until it ends, which keeps
 * transactions of different services from interleaving. Each service still has its own schema and its own
 * migrations; nothing may wait on another query while it holds a transaction open.
 */
export class SharedPglite {
  private constructor(
    readonly pglite: PGlite,
    private readonly pool: pg.Pool,
  ) {}

  /** `dataDir` undefined → in memory. */
  static async open(dataDir?: string): Promise<SharedPglite> {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const pglite = new PGlite({ dataDir: dataDir ?? 'memory://', extensions: { cube, earthdistance, pg_trgm } });
    await pglite.waitReady;
    await pglite.exec('CREATE EXTENSION IF NOT EXISTS cube; CREATE EXTENSION IF NOT EXISTS earthdistance; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
    const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
    return new SharedPglite(pglite, pool);
  }

  /** A `pg` module look-alike for TypeORM's `driver` option whose pools all hand out the shared pool. */
  typeormDriver(): typeof pg {
    const shared = this.pool;
    class SharedPool extends EventEmitter {
      connect(...args: Parameters<pg.Pool['connect']>) {
        return (shared.connect as (...a: unknown[]) => unknown)(...args);
      }
      query(...args: unknown[]) {
        return (shared.query as (...a: unknown[]) => unknown)(...args);
      }
      // The shared pool outlives each service's DataSource; SharedPglite.close() ends it.
      end(callback?: (err?: Error) => void) {
        callback?.();
        return Promise.resolve();
      }
    }
    return { ...pg, Pool: SharedPool } as unknown as typeof pg;
  }

  async close(): Promise<void> {
    await this.pool.end();
    await this.pglite.close();
  }
}
