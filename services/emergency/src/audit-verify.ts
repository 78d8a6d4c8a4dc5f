import { connectEmbeddedPostgres, createLogger, loadConfig } from '@curbside/platform';
import { Client } from 'pg';
import { verifyChain } from './audit/audit-chain';
import { readAuditLog } from './audit/audit-log';

/**
 * `npm run audit:verify`: recomputes the emergency audit log's hash chain and names the first broken link.
 * Distributed mode reads DATABASE_URL; embedded mode DATA_DIR's database (the running app's, or a server of its
 * own for the moment it takes). Exit 0 when intact, 1 when broken, 2 when it could not be read.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const embedded = config.RUN_MODE === 'embedded' ? await connectEmbeddedPostgres(config.DATA_DIR, createLogger('postgres')) : undefined;
  const client = new Client({ connectionString: embedded?.url ?? config.DATABASE_URL, application_name: 'curbside-audit-verify' });
  try {
    await client.connect();
    const exists = await client.query(`SELECT to_regclass('emergency.audit_log') IS NOT NULL AS exists`);
    if (!exists.rows[0].exists) {
      console.log('No emergency audit log yet (the app has not started on this database).');
      return 0;
    }
    const check = verifyChain(await readAuditLog(async (sql) => (await client.query(sql)).rows));
    if (check.intact) {
      console.log(`Emergency audit log intact: ${check.entries} entr${check.entries === 1 ? 'y' : 'ies'}, every link verified.`);
      return 0;
    }
    const { brokenAt } = check;
    console.error(
      `Emergency audit log BROKEN at entry #${brokenAt.seq} (id ${brokenAt.id}, ${brokenAt.createdAt}): ${check.problem}. ` +
        `Entries before #${brokenAt.seq} are intact.`,
    );
    return 1;
  } finally {
    await client.end().catch(() => undefined);
    await embedded?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Could not verify the emergency audit log: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
