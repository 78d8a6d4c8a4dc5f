/** Background jobs (docs/architecture.md): BullMQ on Redis in distributed mode, in-process in embedded mode. */
export interface JobOptions {
  /** Same jobId while a job is waiting or running → the second add is ignored. */
  jobId?: string;
  /** Total tries including the first (default 3). */
  attempts?: number;
  /** First retry delay; later retries back off exponentially (default 500 ms). */
  backoffMs?: number;
  /** Runs no sooner than this many milliseconds from now (alerts timed by plan); with jobId, a second add while it waits is ignored. */
  delayMs?: number;
}

export interface WorkerOptions {
  concurrency?: number;
}

export type JobHandler<TData, TResult> = (data: TData, job: { id: string; attempt: number }) => Promise<TResult>;

export interface JobQueueStats {
  waiting: number;
  active: number;
  completed: number;
  failed: number;
}

export interface JobQueue {
  add<TData>(queue: string, data: TData, options?: JobOptions): Promise<string>;
  /** Adds a job and resolves with its result, or rejects when it fails for good or the timeout passes. */
  addAndWait<TData, TResult>(queue: string, data: TData, options: JobOptions & { timeoutMs: number }): Promise<TResult>;
  /** Starts a worker; a job whose handler throws is retried, then kept as failed (dead letter). */
  process<TData, TResult>(queue: string, handler: JobHandler<TData, TResult>, options?: WorkerOptions): Promise<void>;
  stats(queue: string): Promise<JobQueueStats>;
  /** Stops taking jobs, lets running ones finish, then closes connections. */
  close(): Promise<void>;
}
