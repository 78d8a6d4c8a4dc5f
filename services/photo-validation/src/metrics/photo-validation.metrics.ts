import { isValidationServiceError, type PhotoValidationResult } from '@curbside/contracts';
import { photoCheckDuration, photoChecks, type JobQueueStats } from '@curbside/platform';

/** Recent jobs kept for the percentiles: enough for a stable p99, small enough to sort on every call. */
const RECENT_JOBS = 500;
/** Waiting jobs and nothing started or finished for this long: the worker is stuck (or was never started). */
export const STALL_MS = 120_000;

export type JobOutcome = 'valid' | 'invalid' | 'serviceError' | 'failed';

export interface LatencyPercentiles {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface PhotoValidationMetricsSnapshot {
  /** Outcomes since the process started; "failed" = the handler threw (the queue retries or dead-letters it). */
  jobs: Record<JobOutcome, number>;
  /** Handler time (photo read + check) of the most recent jobs, in ms; null before the first job. */
  latencyMs: LatencyPercentiles | null;
  lastJobFinishedAt: string | null;
}

function nearestRank(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Counts and latencies of this process's photo-validation jobs (queue depth comes from the queue itself). Each job is
 * recorded once and lands both here (the `photo-validation.metrics` call and the health check) and in the process's
 * Prometheus metrics (curbside_photo_checks_total, curbside_photo_check_duration_seconds).
 */
export class PhotoValidationMetrics {
  private readonly recent: number[] = [];
  private next = 0;
  private readonly outcomes: Record<JobOutcome, number> = { valid: 0, invalid: 0, serviceError: 0, failed: 0 };
  private lastProgressAt = Date.now();
  private lastFinishedAt: number | null = null;
  private workerStarted = false;

  markWorkerStarted(): void {
    this.workerStarted = true;
    this.lastProgressAt = Date.now();
  }

  /** Runs one job's work and records how long it took and how it ended. */
  async time(work: () => Promise<PhotoValidationResult>): Promise<PhotoValidationResult> {
    const started = performance.now();
    this.lastProgressAt = Date.now();
    let outcome: JobOutcome = 'failed';
    try {
      const result = await work();
      outcome = isValidationServiceError(result) ? 'serviceError' : result.isValid ? 'valid' : 'invalid';
      return result;
    } finally {
      this.record(performance.now() - started, outcome);
    }
  }

  snapshot(): PhotoValidationMetricsSnapshot {
    const sorted = [...this.recent].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      jobs: { ...this.outcomes },
      latencyMs:
        sorted.length === 0
          ? null
          : {
              count: sorted.length,
              p50: round(nearestRank(sorted, 50)),
              p90: round(nearestRank(sorted, 90)),
              p99: round(nearestRank(sorted, 99)),
              max: round(sorted[sorted.length - 1] ?? 0),
            },
      lastJobFinishedAt: this.lastFinishedAt === null ? null : new Date(this.lastFinishedAt).toISOString(),
    };
  }

  /** The health check: throws (→ "down" with this message) when the worker is not taking jobs. */
  assertWorking(queue: JobQueueStats, now = Date.now()): void {
    if (!this.workerStarted) throw new Error('the photo-validation worker has not started');
    const idleMs = now - this.lastProgressAt;
    if (queue.waiting > 0 && queue.active === 0 && idleMs > STALL_MS) {
      throw new Error(`${queue.waiting} photo checks waiting, none started for ${Math.round(idleMs / 1000)} s`);
    }
  }

  private record(ms: number, outcome: JobOutcome): void {
    this.outcomes[outcome] += 1;
    photoChecks.inc({ outcome });
    photoCheckDuration.observe({ outcome }, ms / 1000);
    if (this.recent.length < RECENT_JOBS) this.recent.push(ms);
    else this.recent[this.next] = ms;
    this.next = (this.next + 1) % RECENT_JOBS;
    this.lastProgressAt = Date.now();
    this.lastFinishedAt = this.lastProgressAt;
  }
}
