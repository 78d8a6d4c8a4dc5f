import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED_ENTRY, startEmbeddedApp } from './app-server';

/** Starts the embedded app once for all journeys; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(EMBEDDED_ENTRY)) throw new Error(`${EMBEDDED_ENTRY} is missing: build first (npx nx run frontend:e2e builds what it needs)`);
  mkdirSync(join(import.meta.dirname, '..', 'test-results'), { recursive: true });
  mkdirSync(join(import.meta.dirname, 'screenshots'), { recursive: true });
  // E2E_FRONTEND_DIST: a build of the SPA elsewhere than frontend/dist (several builds side by side).
  const app = await startEmbeddedApp({ frontendDist: process.env.E2E_FRONTEND_DIST });
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_DATA_DIR = app.dataDir;
  process.env.E2E_APP_LOG = app.logFile;
  return () => app.stop();
}
