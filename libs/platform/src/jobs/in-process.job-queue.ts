import { watchJobQueue } from '../metrics/metrics';
import type { JobHandler, JobOptions, JobQueue, JobQueueStats, WorkerOptions } from './job-queue.port';

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 500;
/** Dead letters are kept for inspection, but a poisoned queue must not grow memory without bound. */
const MAX_FAILED_KEPT = 1000;

export interface FailedJob {
  id: string;
  data: unknown;
  attempts: number;
  error: string;
}

interface Waiter {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface PendingJob {
  id: string;
  data: unknown;
  dedupeKey: string | undefined;
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
  waiters: Set<Waiter>;
}

interface QueueState {
  waiting: PendingJob[];
  /** Jobs sleeping before a retry, with the timer that will requeue them. */
  delayed: Map<PendingJob, NodeJS.Timeout>;
  active: Set<Promise<void>>;
  byDedupeKey: Map<string, PendingJob>;
  completed: number;
  failed: FailedJob[];
  worker: { handler: JobHandler<unknown, unknown>; concurrency: number } | undefined;
}

/**
 * Embedded-mode jobs: the same semantics as the BullMQ adapter, held in memory. Jobs do not survive a restart,
 * which is acceptable for the embedded single-process mode and nowhere else.
 */
export class InProcessJobQueue implements JobQueue {
  private readonly queues = new Map<string, QueueState>();
  private nextId = 1;
  private closing: Promise<void> | null = null;
  /** The depth of each queue this process works is on /metrics until the queue closes. */
  private readonly unwatch: (() => void)[] = [];

  async add<TData>(queue: string, data: TData, options: JobOptions = {}): Promise<string> {
    return this.enqueue(queue, data, options).id;
  }

  addAndWait<TData, TResult>(queue: string, data: TData, options: JobOptions & { timeoutMs: number }): Promise<TResult> {
    // Enqueue synchronously so a job that finishes at once still finds its waiter registered.
    let job: PendingJob;
    try {
      job = this.enqueue(queue, data, options);
    } catch (error: unknown) {
      return Promise.reject(error);
    }
    return new Promise<TResult>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result as TResult);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      // The job itself keeps running after the timeout; only this caller stops waiting for it.
      const timer = setTimeout(() => {
        job.waiters.delete(waiter);
        reject(new Error(`Job ${job.id} on queue "${queue}" timed out after ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      job.waiters.add(waiter);
    });
  }

  async process<TData, TResult>(queue: string, handler: JobHandler<TData, TResult>, options: WorkerOptions = {}): Promise<void> {
    this.assertOpen();
    const state = this.state(queue);
    if (state.worker) throw new Error(`Queue "${queue}" already has a worker`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Invalid worker concurrency: ${concurrency}`);
    // The port is generic per call; inside the queue, data and results are opaque values passed through unchanged.
    state.worker = { handler: handler as JobHandler<unknown, unknown>, concurrency };
    this.unwatch.push(watchJobQueue(queue, () => this.stats(queue)));
    this.pump(queue, state);
  }

  async stats(queue: string): Promise<JobQueueStats> {
    const state = this.queues.get(queue);
    if (!state) return { waiting: 0, active: 0, completed: 0, failed: 0 };
    return {
      // A job sleeping before its next try is still waiting to run, as far as callers are concerned.
      waiting: state.waiting.length + state.delayed.size,
      active: state.active.size,
      completed: state.completed,
      failed: state.failed.length,
    };
  }

  /** The dead letters of a queue, oldest first (the newest MAX_FAILED_KEPT only). */
  failedJobs(queue: string): readonly FailedJob[] {
    return [...(this.queues.get(queue)?.failed ?? [])];
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    for (const unwatch of this.unwatch.splice(0)) unwatch();
    for (const state of this.queues.values()) {
      for (const timer of state.delayed.values()) clearTimeout(timer);
    }
    await Promise.all([...this.queues.values()].flatMap((state) => [...state.active]));
    // Whatever has not run by now never will: in-memory jobs die with the process, so tell their waiters.
    for (const [queue, state] of this.queues) {
      for (const job of [...state.waiting, ...state.delayed.keys()]) {
        settle(job, (waiter) => waiter.reject(new Error(`Job queue closed before job ${job.id} on queue "${queue}" ran`)));
      }
      state.waiting = [];
      state.delayed.clear();
      state.byDedupeKey.clear();
    }
  }

  private enqueue(queue: string, data: unknown, options: JobOptions): PendingJob {
    this.assertOpen();
    const state = this.state(queue);
    const dedupeKey = options.jobId;
    const existing = dedupeKey === undefined ? undefined : state.byDedupeKey.get(dedupeKey);
    if (existing) return existing;
    const job: PendingJob = {
      id: String(this.nextId++),
      data,
      dedupeKey,
      attempts: Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS),
      backoffMs: Math.max(0, options.backoffMs ?? DEFAULT_BACKOFF_MS),
      attemptsMade: 0,
      waiters: new Set(),
    };
    if (dedupeKey !== undefined) state.byDedupeKey.set(dedupeKey, job);
    if (options.delayMs && options.delayMs > 0) {
      // Sleeps with the jobs waiting for a retry: counted as waiting, cleared on close.
      const timer = setTimeout(() => {
        state.delayed.delete(job);
        state.waiting.push(job);
        this.pump(queue, state);
      }, options.delayMs);
      state.delayed.set(job, timer);
      return job;
    }
    state.waiting.push(job);
    // Deferred so add() returns (and addAndWait registers its waiter) before the handler starts.
    queueMicrotask(() => this.pump(queue, state));
    return job;
  }

  private pump(queue: string, state: QueueState): void {
    const worker = state.worker;
    if (!worker || this.closing) return;
    while (state.active.size < worker.concurrency) {
      const job = state.waiting.shift();
      if (!job) return;
      const run: Promise<void> = this.run(queue, state, worker.handler, job).finally(() => {
        state.active.delete(run);
        this.pump(queue, state);
      });
      state.active.add(run);
    }
  }

  private async run(queue: string, state: QueueState, handler: JobHandler<unknown, unknown>, job: PendingJob): Promise<void> {
    job.attemptsMade += 1;
    const outcome = await Promise.resolve()
      .then(() => handler(job.data, { id: job.id, attempt: job.attemptsMade }))
      .then(
        (result) => ({ ok: true as const, result }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    if (outcome.ok) {
      state.completed += 1;
      this.finish(state, job);
      settle(job, (waiter) => waiter.resolve(outcome.result));
      return;
    }
    if (job.attemptsMade < job.attempts) {
      // No retries start once closing; shutdown() tells this job's waiters it never got its next try.
      if (this.closing) {
        state.waiting.push(job);
        return;
      }
      const delay = job.backoffMs * 2 ** (job.attemptsMade - 1);
      const timer = setTimeout(() => {
        state.delayed.delete(job);
        state.waiting.push(job);
        this.pump(queue, state);
      }, delay);
      state.delayed.set(job, timer);
      return;
    }
    const message = errorMessage(outcome.error);
    state.failed.push({ id: job.id, data: job.data, attempts: job.attemptsMade, error: message });
    if (state.failed.length > MAX_FAILED_KEPT) state.failed.shift();
    this.finish(state, job);
    settle(job, (waiter) => waiter.reject(outcome.error instanceof Error ? outcome.error : new Error(message)));
  }

  private finish(state: QueueState, job: PendingJob): void {
    if (job.dedupeKey !== undefined && state.byDedupeKey.get(job.dedupeKey) === job) {
      state.byDedupeKey.delete(job.dedupeKey);
    }
  }

  private state(queue: string): QueueState {
    let state = this.queues.get(queue);
    if (!state) {
      state = { waiting: [], delayed: new Map(), active: new Set(), byDedupeKey: new Map(), completed: 0, failed: [], worker: undefined };
      this.queues.set(queue, state);
    }
    return state;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('Job queue is closed');
  }
}

function settle(job: PendingJob, notify: (waiter: Waiter) => void): void {
  const waiters = [...job.waiters];
  job.waiters.clear();
  waiters.forEach(notify);
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}
