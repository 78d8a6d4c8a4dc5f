import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { EMBEDDED_ENTRY, startEmbeddedApp } from './app-server';
import type { JourneyApp } from './journey-app';

/**
 * Starts one embedded app per worker (E2E_WORKERS, see playwright.config.ts) for all journeys; the returned function
 * stops them.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (!existsSync(EMBEDDED_ENTRY)) throw new Error(`${EMBEDDED_ENTRY} is missing: build first (npx nx run frontend:e2e builds what it needs)`);
  mkdirSync(join(import.meta.dirname, '..', 'test-results'), { recursive: true });
  mkdirSync(join(import.meta.dirname, 'screenshots'), { recursive: true });
  // E2E_FRONTEND_DIST: a build of the SPA elsewhere than frontend/dist (several builds side by side).
  const started = await Promise.allSettled(Array.from({ length: config.workers }, () => startEmbeddedApp({ frontendDist: process.env.E2E_FRONTEND_DIST })));
  const apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => void (await Promise.all(apps.map((app) => app.stop())));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const journeyApps: JourneyApp[] = apps.map(({ baseUrl, dataDir, logFile }) => ({ baseUrl, dataDir, logFile }));
  process.env.E2E_APPS = JSON.stringify(journeyApps);
  return stopAll;
}
