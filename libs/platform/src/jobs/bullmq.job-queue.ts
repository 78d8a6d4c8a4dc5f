import { Job, Queue, QueueEvents, Worker, type JobsOptions } from 'bullmq';
import IORedis from 'ioredis';
import { watchJobQueue } from '../metrics/metrics';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS } from './in-process.job-queue';
import type { JobHandler, JobOptions, JobQueue, JobQueueStats, WorkerOptions } from './job-queue.port';

/** Completed jobs are only kept for a glance in a dashboard; Redis memory is the limit. */
const KEEP_COMPLETED = 1000;
/** Failed-for-good jobs are the dead letter: kept for inspection and retry by hand, bounded so a poison queue cannot fill Redis. */
const KEEP_FAILED = 10_000;

export interface BullMqJobQueueOptions {
  redisUrl: string;
  /** Key prefix in Redis (BullMQ's default is "bull"); tests use a random one to stay apart. */
  prefix?: string;
  /** Connection and worker errors that have no caller to reject; defaults to console.error. */
  onError?: (error: Error, source: string) => void;
}

interface PendingWait {
  job: Job;
  /** Resolves once the caller has its answer, whichever it was. */
  settled: Promise<void>;
  abort(error: Error): void;
}

type FinishedOutcome = { state: 'completed'; returnvalue: unknown } | { state: 'failed'; failedReason: string };

/** Distributed-mode jobs on BullMQ (Redis): survive restarts and are shared by every process of a service. */
export class BullMqJobQueue implements JobQueue {
  private readonly connection: IORedis;
  private readonly prefix: string | undefined;
  private readonly onError: (error: Error, source: string) => void;
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, Promise<QueueEvents>>();
  private readonly workers = new Map<string, Worker>();
  private readonly pendingWaits = new Set<PendingWait>();
  private readonly finishListeners = new Map<string, Set<(outcome: FinishedOutcome) => void>>();
  private closing: Promise<void> | null = null;
  /** The depth of each queue this process works is on /metrics until the queue closes (other processes only add). */
  private readonly unwatch: (() => void)[] = [];

  constructor(options: BullMqJobQueueOptions) {
    this.onError = options.onError ?? ((error, source) => console.error(`[jobs:${source}]`, error));
    this.prefix = options.prefix;
    // Shared by every Queue and Worker here (each Worker and QueueEvents duplicates it for its blocking reads);
    // BullMQ's workers require unlimited retries per request on it.
    this.connection = new IORedis(options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (error: Error) => this.onError(error, 'redis'));
  }

  async add<TData>(queue: string, data: TData, options: JobOptions = {}): Promise<string> {
    const job = await this.enqueue(queue, data, options);
    return jobIdOf(job);
  }

  async addAndWait<TData, TResult>(queue: string, data: TData, options: JobOptions & { timeoutMs: number }): Promise<TResult> {
    this.assertOpen();
    // Listening starts before the job exists, so even a job that finishes at once cannot be missed.
    await this.queueEvents(queue);
    const job = await this.enqueue(queue, data, options);
    const result: unknown = await this.waitForJob(queue, job, options.timeoutMs);
    // The port is generic per call; BullMQ hands back whatever JSON the handler returned.
    return result as TResult;
  }

  async process<TData, TResult>(queue: string, handler: JobHandler<TData, TResult>, options: WorkerOptions = {}): Promise<void> {
    this.assertOpen();
    if (this.workers.has(queue)) throw new Error(`Queue "${queue}" already has a worker`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Invalid worker concurrency: ${concurrency}`);
    const worker = new Worker<TData, TResult>(
      queue,
      // attemptsMade counts the tries that already failed, so this try is the next one.
      (job) => handler(job.data, { id: jobIdOf(job), attempt: job.attemptsMade + 1 }),
      { connection: this.connection, prefix: this.prefix, concurrency },
    );
    worker.on('error', (error) => this.onError(error, `worker:${queue}`));
    this.workers.set(queue, worker);
    this.unwatch.push(watchJobQueue(queue, () => this.stats(queue)));
    await worker.waitUntilReady();
  }

  async stats(queue: string): Promise<JobQueueStats> {
    const counts = await this.queue(queue).getJobCounts('waiting', 'paused', 'prioritized', 'delayed', 'waiting-children', 'active', 'completed', 'failed');
    const count = (type: string): number => counts[type] ?? 0;
    return {
      // A job sleeping before its next try (delayed) is still waiting to run, as far as callers are concerned.
      waiting: count('waiting') + count('paused') + count('prioritized') + count('delayed') + count('waiting-children'),
      active: count('active'),
      completed: count('completed'),
      failed: count('failed'),
    };
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    for (const unwatch of this.unwatch.splice(0)) unwatch();
    // Workers first and not forced: each stops fetching and waits for the jobs it is running.
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    // A job that just finished has its event on the way; let its caller have the result before the listeners go.
    await Promise.all(
      [...this.pendingWaits].map(async (wait) => {
        const state = await wait.job.getState().catch(() => 'unknown');
        if (state === 'completed' || state === 'failed') await wait.settled;
      }),
    );
    // The rest stays queued in Redis for the next worker, but nobody here will hear about it any more.
    for (const wait of this.pendingWaits) {
      wait.abort(new Error(`Job queue closed before job ${jobIdOf(wait.job)} on queue "${wait.job.queueName}" finished`));
    }
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    const events = await Promise.allSettled(this.events.values());
    await Promise.all(events.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.close() : undefined)));
    await this.connection.quit();
  }

  /**
   * Our own wait rather than job.waitUntilFinished: that one is only cut short by a Worker closing (a Queue never
   * emits the "closing" it listens for), so on close() its callers would sit out their whole timeout.
   */
  private waitForJob(queue: string, job: Job, timeoutMs: number): Promise<unknown> {
    const id = jobIdOf(job);
    const key = finishKey(queue, id);
    let abort: (error: Error) => void = noop;
    const result = new Promise<unknown>((resolve, reject) => {
      let done = false;
      const finish = (settle: () => void): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        const listeners = this.finishListeners.get(key);
        listeners?.delete(onFinished);
        if (listeners?.size === 0) this.finishListeners.delete(key);
        settle();
      };
      const onFinished = (outcome: FinishedOutcome): void =>
        finish(() => (outcome.state === 'completed' ? resolve(outcome.returnvalue) : reject(new Error(outcome.failedReason))));
      // The job itself keeps its place in Redis after the timeout; only this caller stops waiting for it.
      const timer = setTimeout(() => finish(() => reject(new Error(`Job ${id} on queue "${queue}" timed out after ${timeoutMs} ms`))), timeoutMs);
      abort = (error) => finish(() => reject(error));
      const listeners = this.finishListeners.get(key) ?? new Set<(outcome: FinishedOutcome) => void>();
      listeners.add(onFinished);
      this.finishListeners.set(key, listeners);
      // With the listener in place, catch a job that finished before it was: a deduplicated add can hand back a
      // job that is already running, and its event may have been read before we listened.
      void this.finishedOutcome(queue, id).then((outcome) => outcome && onFinished(outcome), noop);
    });
    const wait: PendingWait = { job, settled: result.then(noop, noop), abort: (error) => abort(error) };
    this.pendingWaits.add(wait);
    void wait.settled.then(() => this.pendingWaits.delete(wait));
    return result;
  }

  private async finishedOutcome(queue: string, id: string): Promise<FinishedOutcome | null> {
    // The state first, then the job: read the other way round, a job finishing in between shows as completed
    // with the return value it had before (none), and the caller would get null.
    const state = await this.queue(queue).getJobState(id);
    if (state !== 'completed' && state !== 'failed') return null;
    const job = await Job.fromId(this.queue(queue), id);
    if (!job) return null;
    return state === 'completed' ? { state, returnvalue: job.returnvalue } : { state, failedReason: job.failedReason };
  }

  private notifyFinished(queue: string, jobId: string, outcome: FinishedOutcome): void {
    const listeners = this.finishListeners.get(finishKey(queue, jobId));
    if (listeners) [...listeners].forEach((listener) => listener(outcome));
  }

  private async enqueue(queue: string, data: unknown, options: JobOptions): Promise<Job> {
    this.assertOpen();
    const jobOptions: JobsOptions = {
      attempts: Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS),
      backoff: { type: 'exponential', delay: Math.max(0, options.backoffMs ?? DEFAULT_BACKOFF_MS) },
      ...(options.delayMs ? { delay: Math.max(0, Math.round(options.delayMs)) } : {}),
      removeOnComplete: { count: KEEP_COMPLETED },
      removeOnFail: { count: KEEP_FAILED },
      // Deduplication, not BullMQ's own jobId: a jobId would also block re-adding while a finished job is still
      // kept (and a dead letter is kept for long), whereas the port promises dedupe only while waiting or running.
      ...(options.jobId === undefined ? {} : { deduplication: { id: options.jobId } }),
    };
    return this.queue(queue).add(queue, data, jobOptions);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (error) => this.onError(error, `queue:${name}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private queueEvents(name: string): Promise<QueueEvents> {
    let events = this.events.get(name);
    if (!events) {
      events = this.createQueueEvents(name);
      this.events.set(name, events);
      // A failed start (Redis down) must not stick: the next addAndWait tries again.
      events.catch(() => this.events.delete(name));
    }
    return events;
  }

  private async createQueueEvents(name: string): Promise<QueueEvents> {
    // QueueEvents reads from "$" by default: events written before its first XREAD (a fast job) or between two
    // blocking reads are lost, and a wait on that job then hangs (taskforcesh/bullmq#2874). Starting from the
    // stream's current last entry means every later event is read.
    const [last] = await this.connection.xrevrange(this.queue(name).keys.events, '+', '-', 'COUNT', 1);
    const events = new QueueEvents(name, {
      connection: this.connection,
      prefix: this.prefix,
      lastEventId: last?.[0] ?? '0-0',
    });
    events.on('error', (error) => this.onError(error, `events:${name}`));
    // One listener per queue that routes by job id: a listener per waiting caller would trip EventEmitter's leak warning.
    // QueueEvents has already parsed the return value from JSON, whatever its declared type says.
    events.on('completed', ({ jobId, returnvalue }) => this.notifyFinished(name, jobId, { state: 'completed', returnvalue }));
    events.on('failed', ({ jobId, failedReason }) => this.notifyFinished(name, jobId, { state: 'failed', failedReason }));
    await events.waitUntilReady();
    return events;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('Job queue is closed');
  }
}

function jobIdOf(job: Job): string {
  // Queue.add always assigns an id; the type allows undefined only for jobs built by hand.
  if (job.id === undefined) throw new Error(`BullMQ job on queue "${job.queueName}" has no id`);
  return job.id;
}

function finishKey(queue: string, jobId: string): string {
  return `${queue}\u0000${jobId}`;
}

function noop(): void {
  // Settled either way; the caller of addAndWait handles the outcome.
}
