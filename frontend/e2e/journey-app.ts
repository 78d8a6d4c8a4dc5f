/**
 * The app a worker's journeys talk to. Global setup starts one embedded app per Playwright worker (E2E_APPS, in
 * worker order) so two workers never see each other's items, alerts, rate limits or codes; a worker takes the one
 * of its parallel index, which Playwright sets in the worker's environment (TEST_PARALLEL_INDEX).
 */
export interface JourneyApp {
  baseUrl: string;
  /** The app's DATA_DIR (operator commands such as admin:grant take it; its PostgreSQL's pid file and secret are there). */
  dataDir: string;
  /** Where the app's output goes (sign-in codes appear there: SMS_PROVIDER=log). */
  logFile: string;
}

/** This worker's app, or undefined outside a worker (the runner's own process loads the config before any app runs). */
export function journeyAppIfAny(): JourneyApp | undefined {
  const apps = JSON.parse(process.env.E2E_APPS ?? '[]') as JourneyApp[];
  return apps[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
}

export function journeyApp(): JourneyApp {
  const app = journeyAppIfAny();
  if (!app) throw new Error(`no journey app for worker ${process.env.TEST_PARALLEL_INDEX ?? 0} (E2E_APPS is set by e2e/global-setup.ts)`);
  return app;
}
