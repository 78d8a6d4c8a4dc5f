import { DatasetOptions, DatasetStats, emptyStats, generateItemBatches, generatePosters, ItemBatch, Poster } from './generate-items';
import type { StatementQueryConfig } from '@curbside/platform';
import { formatDuration, progress } from '../harness/log';

/**
 * What seeding and timing need from a database: a node-postgres Client or pool client fits through a small adapter
 * (sqlRunner). A statement's query (statementQuery) runs as the app runs its list statements.
 */
export interface SqlRunner {
  query(sql: string | StatementQueryConfig, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The adapter: a node-postgres Client or pool client as a SqlRunner. */
export function sqlRunner(client: {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  query(config: StatementQueryConfig): Promise<{ rows: Record<string, unknown>[] }>;
}): SqlRunner {
  return {
    query: async (sql, params) => ({ rows: (typeof sql === 'string' ? await client.query(sql, params) : await client.query(sql)).rows }),
  };
}

/**
 * Only the columns the app writes on insert: earth_pos, cell_fine and cell_coarse are GENERATED from lat/lng
 * (services/items/src/migrations/1763800000300-create-items.ts) and the counters keep their defaults.
 */
const INSERT_ITEMS = `
  INSERT INTO items.items (id, poster_id, title, description, category, status, claimed_by_id, pricing_type,
                           custom_amount, time_limit, expires_at, created_at, lat, lng, is_scout_find, listed)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::text[],
                       $9::int[], $10::int[], $11::timestamptz[], $12::timestamptz[], $13::float8[], $14::float8[], $15::bool[],
                       $16::bool[])`;

const INSERT_POSTERS = `
  INSERT INTO items.posters (user_id, username, rank)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[])`;

function itemParams(b: ItemBatch): unknown[] {
  return [b.id, b.posterId, b.title, b.description, b.category, b.status, b.claimedById, b.pricingType, b.customAmount,
    b.timeLimit, b.expiresAt, b.createdAt, b.lat, b.lng, b.isScoutFind, b.listed];
}

export interface SeedOptions extends DatasetOptions {
  batchSize: number;
  /** Run all inserts in one transaction (one WAL flush instead of one a batch). */
  singleTransaction: boolean;
}

export interface SeedReport {
  items: number;
  posters: number;
  seed_ms: number;
  rows_per_s: number;
  stats: DatasetStats;
}

async function countRows(db: SqlRunner, table: string): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(rows[0]?.n);
}

/**
 * Runs `insert` with items.items' secondary indexes (every one but the primary key) dropped, then builds them again
 * from their own definitions: one sorted build of each index is many times cheaper than keeping a dozen of them
 * (a trigram GIN among them) up to date row by row. The definitions come from the database, so the table ends up
 * exactly as the migrations made it, also when `insert` fails.
 */
async function withoutSecondaryIndexes(db: SqlRunner, inTransaction: boolean, insert: () => Promise<void>): Promise<void> {
  const { rows } = await db.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i WHERE i.indrelid = 'items.items'::regclass AND NOT i.indisprimary AND NOT i.indisunique`,
  );
  const indexes = rows.map((r) => ({ name: String(r.name), definition: String(r.definition) }));
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  let failed = false;
  try {
    await insert();
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    // In a failed transaction nothing can run, and the ROLLBACK brings the indexes back anyway.
    if (!(failed && inTransaction)) {
      const started = performance.now();
      await db.query(`SET maintenance_work_mem = '256MB'`);
      for (const index of indexes) await db.query(index.definition);
      await db.query('RESET maintenance_work_mem');
      progress(`  built ${indexes.length} indexes of items.items in ${formatDuration(performance.now() - started)}`);
    }
  }
}

/**
 * Whether a database kept between runs (--keep-database) already holds `items` items: then the run uses them as they
 * are. A different count is an error, as answers would not be comparable.
 */
export async function alreadySeeded(db: SqlRunner, items: number): Promise<boolean> {
  const existing = await countRows(db, 'items.items');
  if (existing === 0) return false;
  // The runs themselves post a few items: a kept database may hold a little more than it was seeded with.
  if (existing < items || existing > items * 1.01) throw new Error(`the kept database holds ${existing} items, not ${items}: drop it or give --items ${existing}`);
  return true;
}

/** Fills items.posters and items.items of a freshly migrated, still empty database. */
export async function seedItems(db: SqlRunner, options: SeedOptions): Promise<SeedReport> {
  for (const table of ['items.items', 'items.posters']) {
    const existing = await countRows(db, table);
    if (existing !== 0) throw new Error(`${table} already holds ${existing} rows: the bench seeds a fresh database only`);
  }
  const started = performance.now();
  const posters: Poster[] = generatePosters(options);
  const stats = emptyStats();
  if (options.singleTransaction) await db.query('BEGIN');
  try {
    for (let i = 0; i < posters.length; i += options.batchSize) {
      const slice = posters.slice(i, i + options.batchSize);
      await db.query(INSERT_POSTERS, [slice.map((p) => p.userId), slice.map((p) => p.username), slice.map((p) => p.rank)]);
    }
    await withoutSecondaryIndexes(db, options.singleTransaction, async () => {
      let inserted = 0;
      let lastReport = performance.now();
      // The next batch is drawn while the database writes the previous one.
      let writing: Promise<unknown> | null = null;
      for (const batch of generateItemBatches(options, posters, options.batchSize, stats)) {
        if (writing) await writing;
        writing = db.query(INSERT_ITEMS, itemParams(batch));
        inserted += batch.id.length;
        if (performance.now() - lastReport > 5000) {
          lastReport = performance.now();
          const rate = inserted / ((lastReport - started) / 1000);
          progress(`  seeded ${inserted.toLocaleString('en-US')} / ${options.items.toLocaleString('en-US')} items (${Math.round(rate).toLocaleString('en-US')} rows/s)`);
        }
      }
      if (writing) await writing;
    });
    if (options.singleTransaction) await db.query('COMMIT');
  } catch (err) {
    if (options.singleTransaction) await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  const seedMs = performance.now() - started;
  const count = await countRows(db, 'items.items');
  if (count !== options.items) throw new Error(`seeding wrote ${count} items, expected ${options.items}`);
  progress(`  seeded ${count.toLocaleString('en-US')} items and ${posters.length.toLocaleString('en-US')} posters in ${formatDuration(seedMs)}`);
  return {
    items: count,
    posters: posters.length,
    seed_ms: Math.round(seedMs),
    rows_per_s: Math.round(count / (seedMs / 1000)),
    stats,
  };
}
