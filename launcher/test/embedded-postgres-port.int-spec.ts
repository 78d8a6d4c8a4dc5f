import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(__dirname, '..', '..');
const PLATFORM = join(ROOT, 'libs', 'platform', 'dist');

/**
 * Embedded mode's own PostgreSQL (libs/platform/src/database/embedded-postgres.server.ts) when the port it chose is
 * taken before its server binds it, as when apps and tests start side by side. Run in a process of its own on the
 * built library, as the app runs it (the package is ESM, which the test runner cannot load).
 */
const SCRIPT = `
const net = require('node:net');
const { Client } = require('pg');
const { startEmbeddedPostgres } = require(${JSON.stringify(join(PLATFORM, 'database', 'embedded-postgres.server.js'))});
const { freePort } = require(${JSON.stringify(join(PLATFORM, 'net', 'free-ports.js'))});
const { createLogger } = require(${JSON.stringify(join(PLATFORM, 'logging', 'logger.js'))});
(async () => {
  const taken = await freePort();
  const squatter = net.createServer();
  await new Promise((listening) => squatter.listen(taken, '127.0.0.1', listening));
  const chosen = [];
  const choose = async () => {
    const port = chosen.length === 0 ? taken : await freePort();
    chosen.push(port);
    return port;
  };
  const server = await startEmbeddedPostgres(process.argv[1], createLogger('postgres'), choose);
  const client = new Client({ connectionString: server.url });
  await client.connect();
  const { rows } = await client.query('SELECT current_database() AS db');
  await client.end();
  await server.stop();
  squatter.close();
  // Ends as the app does (launcher/src/embedded.ts): process.exit, which the package's own exit hook expects.
  process.stdout.write(JSON.stringify({ taken, chosen, port: server.port, rows }), () => process.exit(0));
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
`;

describe('the embedded PostgreSQL', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'curbside-embedded-port-'));
    // As root, PostgreSQL runs as the postgres user, which must be able to enter the folder (mkdtemp makes it private).
    chmodSync(dataDir, 0o755);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on another port when the one it chose was taken before its server could bind it', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', SCRIPT, dataDir], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      timeout: 120_000,
    });
    const { taken, chosen, port, rows } = JSON.parse(stdout) as { taken: number; chosen: number[]; port: number; rows: unknown[] };
    expect(chosen[0]).toBe(taken);
    expect(chosen).toHaveLength(2);
    expect(port).toBe(chosen[1]);
    expect(rows).toEqual([{ db: 'curbside' }]);
  });
});
