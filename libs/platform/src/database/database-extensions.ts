import { Client } from 'pg';

/** The extensions the services' SQL relies on (geo distance, trigram similarity), created in one database. */
export const REQUIRED_EXTENSIONS = ['cube', 'earthdistance', 'pg_trgm'] as const;

export async function ensureExtensions(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const extension of REQUIRED_EXTENSIONS) await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
  } finally {
    await client.end();
  }
}
