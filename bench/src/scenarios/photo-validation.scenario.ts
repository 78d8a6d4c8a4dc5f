import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PHOTO_VALIDATION_QUEUE, PhotoValidationJob, PhotoValidationResult } from '@curbside/contracts';
import { BullMqJobQueue, createEmbeddedInfrastructure, JobQueue, loadConfig, LocalFolderStorage, ObjectStorage, startService } from '@curbside/platform';
import { LocalModelPhotoValidator, photoValidationService } from '@curbside/photo-validation-service';
import IORedis from 'ioredis';
import { CleanupScope } from '../harness/cleanup';
import { SERVERS } from '../harness/environments';
import { formatDuration, progress } from '../harness/log';
import { round, summarize } from '../harness/stats';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

/** The service's shipped test photos that are real scenes (the blank and non-image ones end before any model). */
const PHOTOS = [
  { file: 'furniture-chair.jpg', itemTitle: 'Wooden folding chair', itemCategory: 'Furniture' },
  { file: 'person-astronaut.jpg', itemTitle: 'Armchair', itemCategory: 'Furniture' },
  { file: 'beer-bottle.jpg', itemTitle: 'Side table', itemCategory: 'Furniture' },
  { file: 'coffee-cup.jpg', itemTitle: 'Coffee mug', itemCategory: 'Household' },
  { file: 'cat.jpg', itemTitle: 'Cat scratching post', itemCategory: 'Household' },
] as const;
const FIXTURES_DIR = join(dirname(require.resolve('@curbside/photo-validation-service')), '..', 'test', 'fixtures');
/** What the worker processes are told when started by this file as a child (see the bottom of the file). */
const WORKER_FLAG = '--photo-validation-bench-worker';
const JOB_TIMEOUT_MS = 120_000;

interface WorkerSettings {
  redisUrl: string;
  prefix: string;
  storageDir: string;
  concurrency: number;
}

type WorkerMessage = { ready: true } | { error: string };

function photoBytes(file: string): Buffer {
  return readFileSync(join(FIXTURES_DIR, file));
}

/** Jobs a queue case runs: enough for a steady rate, bounded for a 2-core machine. */
function jobCount(context: ScenarioContext): number {
  return Math.max(20, Math.ceil(context.options.durationSeconds * 6));
}

/** Cold start (model load + first inference), then sequential checks of the real photos for --duration seconds. */
async function measureLocalModel(context: ScenarioContext): Promise<void> {
  const { options } = context;
  const photos = PHOTOS.map((p) => ({ image: photoBytes(p.file), itemTitle: p.itemTitle, itemCategory: p.itemCategory }));
  const validator = new LocalModelPhotoValidator();
  context.scope.defer('release the local photo models', () => validator.close());
  const rssBefore = process.memoryUsage().rss;
  const coldStartMs = await validator.warmUp();
  progress(`local model: cold start ${formatDuration(coldStartMs)} (model load + first inference)`);
  context.report({
    items: 1,
    case: 'local model cold start',
    layer: 'model',
    cold_start_ms: coldStartMs,
    rss_added_mb: Math.round((process.memoryUsage().rss - rssBefore) / 1e6),
  });

  const warmupEnds = performance.now() + options.warmupSeconds * 1000;
  for (let i = 0; performance.now() < warmupEnds; i++) await validator.validate(photos[i % photos.length]);
  const samples: number[] = [];
  const verdicts = new Map<string, PhotoValidationResult>();
  const ends = performance.now() + options.durationSeconds * 1000;
  for (let i = 0; performance.now() < ends || samples.length < photos.length * 2; i++) {
    const photo = photos[i % photos.length];
    const started = performance.now();
    const result = await validator.validate(photo);
    samples.push(performance.now() - started);
    verdicts.set(PHOTOS[i % PHOTOS.length].file, result);
  }
  const stats = summarize(samples);
  progress(`local model: ${samples.length} photos one at a time, p50 ${stats.p50_ms} ms, p99 ${stats.p99_ms} ms`);
  context.report({
    items: samples.length,
    case: 'local model per photo',
    layer: 'model',
    p50_ms: stats.p50_ms,
    p90_ms: stats.p90_ms,
    p99_ms: stats.p99_ms,
    max_ms: stats.max_ms,
    rps: round(samples.length / (samples.reduce((a, b) => a + b, 0) / 1000), 2),
    errors: 0,
    target_p50_ms: 300,
    within_target: stats.p50_ms <= 300,
  });
  context.attach('local_model_verdicts', Object.fromEntries(verdicts));
}

async function storePhotos(storage: ObjectStorage): Promise<PhotoValidationJob[]> {
  const jobs: PhotoValidationJob[] = [];
  for (const photo of PHOTOS) {
    const photoKey = `pickups/${randomUUID()}.jpg`;
    await storage.put(photoKey, photoBytes(photo.file), 'image/jpeg');
    jobs.push({ photoKey, itemTitle: photo.itemTitle, itemCategory: photo.itemCategory });
  }
  return jobs;
}

/** All jobs at once, each awaited by its caller as the items service does; one warm-up job per worker slot first. */
async function runQueueCase(
  context: ScenarioContext,
  producer: JobQueue,
  jobs: readonly PhotoValidationJob[],
  label: string,
  details: Record<string, string | number>,
  slots: number,
): Promise<void> {
  const send = (job: PhotoValidationJob) =>
    producer.addAndWait<PhotoValidationJob, PhotoValidationResult>(PHOTO_VALIDATION_QUEUE, job, { attempts: 2, timeoutMs: JOB_TIMEOUT_MS });
  // Warm-up: every worker loads its model and compiles its kernels before the clock starts.
  await Promise.all(Array.from({ length: slots * 2 }, (_, i) => send(jobs[i % jobs.length])));
  const count = jobCount(context);
  const latencies: number[] = [];
  let invalid = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const sent = performance.now();
      const result = await send(jobs[i % jobs.length]);
      latencies.push(performance.now() - sent);
      if (!result.isValid) invalid += 1;
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const stats = summarize(latencies);
  progress(`${label}: ${count} jobs in ${elapsedS.toFixed(1)} s = ${(count / elapsedS).toFixed(2)} jobs/s (job p50 ${stats.p50_ms} ms incl. queue wait)`);
  context.report({
    items: count,
    case: label,
    layer: 'queue',
    ...details,
    jobs_per_s: round(count / elapsedS, 2),
    rps: round(count / elapsedS, 2),
    duration_s: round(elapsedS, 1),
    p50_ms: stats.p50_ms,
    p90_ms: stats.p90_ms,
    p99_ms: stats.p99_ms,
    max_ms: stats.max_ms,
    invalid_answers: invalid,
    errors: 0,
  });
}

function tempDir(scope: CleanupScope, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // Run as root, the embedded PostgreSQL runs as "postgres" and must be able to enter its data folder inside.
  chmodSync(dir, 0o711);
  scope.defer(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Embedded mode: the real service on the in-process queue, in this process, at the default concurrency (2). */
async function runEmbedded(context: ScenarioContext): Promise<void> {
  await measureLocalModel(context);
  const dataDir = tempDir(context.scope, 'curbside-bench-photos-');
  const config = loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const infrastructure = await createEmbeddedInfrastructure(config);
  context.scope.defer('close the embedded infrastructure', () => infrastructure.close());
  const service = await startService(photoValidationService, infrastructure);
  context.scope.defer('stop the photo-validation service', () => service.close());
  const jobs = await storePhotos(infrastructure.storage);
  await runQueueCase(
    context,
    infrastructure.jobs,
    jobs,
    'in-process queue, 1 process x concurrency 2',
    { queue: 'in-process', processes: 1, concurrency: config.PHOTO_VALIDATION_CONCURRENCY },
    config.PHOTO_VALIDATION_CONCURRENCY,
  );
  // The same jobs as the items service sends them, each with its item's listing photo: the copy check runs first. The
  // listing is another photo of the chair (never a copy of any pickup here), so every check also goes on to the model.
  const listingPhotoKey = `photos/${randomUUID()}.webp`;
  await infrastructure.storage.put(listingPhotoKey, photoBytes('furniture-chair-pickup.jpg'), 'image/jpeg');
  await runQueueCase(
    context,
    infrastructure.jobs,
    jobs.map((job) => ({ ...job, listingPhotoKey })),
    'in-process queue, 1 process x concurrency 2, with the listing photo',
    { queue: 'in-process', processes: 1, concurrency: config.PHOTO_VALIDATION_CONCURRENCY, listing_photo: 1 },
    config.PHOTO_VALIDATION_CONCURRENCY,
  );
}

/** A worker process: this file run as a child, the real service on BullMQ, photos from a shared folder. */
async function startWorkerProcess(context: ScenarioContext, settings: WorkerSettings): Promise<ChildProcess> {
  const log = createWriteStream(context.logFile, { flags: 'a' });
  const child = fork(__filename, [WORKER_FLAG, JSON.stringify(settings)], {
    env: { ...process.env, LOG_LEVEL: context.options.logLevel },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  context.scope.defer(`stop photo-validation worker ${child.pid}`, () => stopWorker(child));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message: WorkerMessage) => ('ready' in message ? resolve() : reject(new Error(`worker failed to start: ${message.error}`))));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code} before it was ready; see ${context.logFile}`)));
  });
  return child;
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function removeRedisKeys(prefix: string): Promise<void> {
  const redis = new IORedis(SERVERS.redis, { maxRetriesPerRequest: 1 });
  try {
    let removed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) removed += await redis.del(...keys);
    } while (cursor !== '0');
    progress(`distributed: removed ${removed} Redis keys ${prefix}:*`);
  } finally {
    redis.disconnect();
  }
}

/** Distributed mode: BullMQ on the local Redis, worker processes started here, this process adding and waiting. */
async function runDistributed(context: ScenarioContext): Promise<void> {
  const storageDir = tempDir(context.scope, 'curbside-bench-photos-');
  const jobs = await storePhotos(new LocalFolderStorage(storageDir));
  const layouts = [
    { processes: 1, concurrency: 2 },
    { processes: 2, concurrency: 1 },
  ];
  for (const layout of layouts) {
    const prefix = `bench_${randomBytes(5).toString('hex')}:jobs`;
    context.scope.defer(`remove Redis keys ${prefix}:*`, () => removeRedisKeys(prefix));
    const workers = await Promise.all(
      Array.from({ length: layout.processes }, () =>
        startWorkerProcess(context, { redisUrl: SERVERS.redis, prefix, storageDir, concurrency: layout.concurrency }),
      ),
    );
    const producer = new BullMqJobQueue({ redisUrl: SERVERS.redis, prefix });
    try {
      await runQueueCase(
        context,
        producer,
        jobs,
        `BullMQ, ${layout.processes} process${layout.processes > 1 ? 'es' : ''} x concurrency ${layout.concurrency}`,
        { queue: 'bullmq', ...layout },
        layout.processes * layout.concurrency,
      );
    } finally {
      await producer.close();
      await Promise.all(workers.map(stopWorker));
    }
  }
}

export const photoValidationScenario: Scenario = {
  name: 'photo-validation',
  summary: 'pickup-photo checks: local model cold start and per-photo latency; queue throughput, in-process and BullMQ',
  modes: RUN_MODES,
  async run(context) {
    progress(`photo-validation / ${context.mode}: ${cpus().length} CPUs; the local model runs on one thread (tfjs wasm)`);
    // The service logs through pino on stdout, which carries the bench's JSON only.
    process.env['LOG_LEVEL'] = 'silent';
    if (context.mode === 'embedded') await runEmbedded(context);
    else await runDistributed(context);
  },
};

/** Child side: the real service on BullMQ (its other ports in memory), until the bench sends SIGTERM. */
async function runWorker(settings: WorkerSettings): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-worker-'));
  const config = loadConfig(process.env, { DATA_DIR: dataDir, PHOTO_VALIDATION_CONCURRENCY: String(settings.concurrency) });
  const embedded = await createEmbeddedInfrastructure(config);
  const jobs = new BullMqJobQueue({ redisUrl: settings.redisUrl, prefix: settings.prefix });
  const service = await startService(photoValidationService, { ...embedded, jobs, storage: new LocalFolderStorage(settings.storageDir) });
  process.once('SIGTERM', () => {
    void (async () => {
      // As in runServiceProcess: the service first (running checks finish, the model is released), then the queue.
      await service.close();
      await jobs.close();
      await embedded.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
  process.send?.({ ready: true } satisfies WorkerMessage);
}

if (require.main === module && process.argv[2] === WORKER_FLAG) {
  runWorker(JSON.parse(process.argv[3] ?? '{}') as WorkerSettings).catch((err: unknown) => {
    process.send?.({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies WorkerMessage);
    process.exit(1);
  });
}
