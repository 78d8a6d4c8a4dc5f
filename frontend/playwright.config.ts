import { defineConfig } from '@playwright/test';
import { journeyAppIfAny } from './e2e/journey-app';

/**
 * Journeys at once, each worker on an embedded app of its own (e2e/global-setup.ts). Two finish a run alone about a
 * fifth sooner: `npm test` runs two, once the tasks that kept both cores busy have ended (frontend/project.json, e2e;
 * README, "The two commands"). One by default, for a journey run by hand.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 1);

/**
 * Journeys in real Chromium (Debian's, never a downloaded one) against the app in embedded mode, which
 * e2e/global-setup.ts starts once per worker, each on a free loopback port with a temporary data dir.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // A file's journeys run in order in one worker; files are shared out between the workers.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: journeyAppIfAny()?.baseUrl,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 40.758, longitude: -73.9855 },
    permissions: ['geolocation'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
