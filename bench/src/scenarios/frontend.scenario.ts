import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../harness/app-process';
import { prepareEmbedded, startApp } from '../harness/environments';
import { progress } from '../harness/log';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

/** Targets of the frontend issue: initial JS for / at most 170 KB gzipped; Lighthouse mobile Performance ≥ 90, Accessibility ≥ 95. */
export const FRONTEND_TARGETS = { initialJsGzipKb: 170, performance: 90, accessibility: 95 } as const;
/** BENCH_FRONTEND_PAGES=/shop,/leaderboard measures only those. */
const PAGES = process.env.BENCH_FRONTEND_PAGES?.split(',') ?? ['/', '/map', '/search', '/profile', '/shop', '/leaderboard'];
/** A returning visitor: onboarding and the tutorial done, so the feed (not the first-visit overlay) is what is measured. */
const RETURNING_VISITOR = { onboardingCompleted: 'true', tutorialCompleted: 'true' } as const;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

// lighthouse and chrome-launcher are ESM only; the bench is compiled to CommonJS, whose import() would become require().
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

interface LighthouseAudit {
  id: string;
  score: number | null;
  numericValue?: number;
  title: string;
  details?: { items?: Array<Record<string, unknown>> };
}
interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, LighthouseAudit>;
  runtimeError?: { message: string };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LighthouseResult } | undefined>;
interface LaunchedChrome {
  port: number;
  kill(): Promise<void> | void;
}
interface CdpPage {
  goto(url: string): Promise<unknown>;
  evaluate<A>(fn: (arg: A) => void, arg: A): Promise<void>;
  createCDPSession(): Promise<{ send(method: string): Promise<unknown> }>;
  close(): Promise<void>;
}
interface Puppeteer {
  connect(options: { browserURL: string }): Promise<{ newPage(): Promise<CdpPage>; disconnect(): Promise<void> }>;
}

/**
 * Lighthouse normally wipes the origin's storage before a run, which would show the first-visit onboarding. Instead
 * the storage keeps the returning visitor's flags and only the HTTP cache is cleared here, so every run still loads
 * every byte cold. (puppeteer-core is Lighthouse's own driver.)
 */
async function prepareReturningVisitor(port: number, baseUrl: string): Promise<void> {
  const puppeteer = (await importEsm<{ default: Puppeteer }>('puppeteer-core')).default;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(async (flags) => {
      // Runs in the page (the bench itself is compiled without the DOM types). A returning visitor has an account
      // from an earlier visit: its id stored and its session cookie in the browser.
      const store = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
      for (const [key, value] of Object.entries(flags)) store.setItem(key, value);
      const created = await fetch('/api/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      store.setItem('userId', ((await created.json()) as { id: string }).id);
    }, RETURNING_VISITOR);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The SPA is built by nx (cached when nothing changed), so the numbers are always of the current source. */
function buildFrontend(): void {
  progress('frontend: building the SPA (nx run frontend:build)');
  execFileSync('npx', ['nx', 'run', 'frontend:build', '--output-style=stream'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(join(REPO_ROOT, 'frontend', 'dist', 'index.html'))) throw new Error('frontend/dist/index.html is missing after the build');
}

/** Every script the page loaded, re-compressed here with gzip (what a compressing server or CDN would send). */
async function initialJs(context: ScenarioContext, baseUrl: string, lhr: LighthouseResult): Promise<void> {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests
    .filter((r) => r.resourceType === 'Script' && typeof r.url === 'string' && String(r.url).startsWith(baseUrl))
    .map((r) => String(r.url));
  let raw = 0;
  let gzip = 0;
  const files: Record<string, { bytes: number; gzip_bytes: number }> = {};
  for (const url of [...new Set(scripts)]) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += gz;
    files[url.slice(baseUrl.length)] = { bytes: body.length, gzip_bytes: gz };
  }
  context.attach('initial_js_files', files);
  const gzipKb = round(gzip / 1024);
  progress(
    `frontend: initial JS for / = ${Object.keys(files).length} files, ${round(raw / 1024)} KB raw, ${gzipKb} KB gzipped (target ≤ ${FRONTEND_TARGETS.initialJsGzipKb})`,
  );
  context.report({
    items: 0,
    case: 'initial JS /',
    layer: 'bundle',
    js_files: Object.keys(files).length,
    js_kb: round(raw / 1024),
    js_gzip_kb: gzipKb,
    target_gzip_kb: FRONTEND_TARGETS.initialJsGzipKb,
    meets_target: gzipKb <= FRONTEND_TARGETS.initialJsGzipKb,
  });
}

async function measure(context: ScenarioContext): Promise<void> {
  const { options, scope } = context;
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  buildFrontend();
  const app = await startApp(scope, prepareEmbedded(scope, { logLevel: options.logLevel, logFile: context.logFile }));

  const lighthouse = (await importEsm<{ default: Lighthouse }>('lighthouse')).default;
  const { launch } = await importEsm<{ launch: (o: Record<string, unknown>) => Promise<LaunchedChrome> }>('chrome-launcher');
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  scope.defer('stop Chromium', () => chrome.kill());
  progress(`frontend: Chromium on port ${chrome.port}; Lighthouse mobile (simulated slow 4G, 4x CPU) × ${RUNS} per page`);

  const failedAudits: Record<string, string[]> = {};
  const targets = [{ label: '', baseUrl: app.baseUrl, layer: 'lighthouse' }];
  const cases = targets.flatMap((target) => PAGES.map((page) => ({ target, page })));
  for (const { target, page } of cases) {
    const runs: LighthouseResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      await prepareReturningVisitor(chrome.port, target.baseUrl);
      const result = await lighthouse(`${target.baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page}: ${result.lhr.runtimeError.message}`);
      runs.push(result.lhr);
      // BENCH_KEEP_LHR=1: every run's full Lighthouse report beside the results, to see where the time goes.
      if (process.env.BENCH_KEEP_LHR === '1') context.attach(`lhr ${page} run ${i + 1}`, result.lhr);
      const score = (k: string) => Math.round((result.lhr.categories[k]?.score ?? 0) * 100);
      progress(`  ${page}${target.label} run ${i + 1}: performance ${score('performance')}, accessibility ${score('accessibility')}`);
    }
    if (page === '/' && target.layer === 'lighthouse') await initialJs(context, app.baseUrl, runs[0]);
    const scores = (k: string) => runs.map((r) => Math.round((r.categories[k]?.score ?? 0) * 100));
    const metric = (id: string) => round(median(runs.map((r) => r.audits[id]?.numericValue ?? 0)), id === 'cumulative-layout-shift' ? 3 : 0);
    const performance = median(scores('performance'));
    const accessibility = median(scores('accessibility'));
    failedAudits[`${page}${target.label}`] = Object.values(runs[0].audits)
      .filter((a) => a.score !== null && a.score < 0.9)
      .map((a) => `${a.id} (${a.score})`);
    context.report({
      items: 0,
      case: `lighthouse ${page}${target.label}`,
      layer: target.layer,
      runs: RUNS,
      performance,
      accessibility,
      performance_runs: scores('performance').join(' '),
      accessibility_runs: scores('accessibility').join(' '),
      fcp_ms: metric('first-contentful-paint'),
      lcp_ms: metric('largest-contentful-paint'),
      tbt_ms: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speed_index_ms: metric('speed-index'),
      meets_target: performance >= FRONTEND_TARGETS.performance && accessibility >= FRONTEND_TARGETS.accessibility,
    });
  }
  context.attach('audits_below_0_9', failedAudits);
  await chrome.kill();
  await app.stopNow();
}

export const frontendScenario: Scenario = {
  name: 'frontend',
  summary:
    'The SPA: initial JS for / (gzipped) and Lighthouse mobile Performance and Accessibility on /, /map, /search, /profile, /shop and /leaderboard (as a returning visitor)',
  modes: RUN_MODES,
  async run(context) {
    // The gateway serves the same static build in both modes: one measurement (embedded, no servers needed) says it all.
    if (context.mode === 'distributed') {
      progress('frontend: the SPA is the same static build in both modes; it is measured in embedded mode only');
      return;
    }
    await measure(context);
  },
};
