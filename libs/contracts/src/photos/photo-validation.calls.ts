import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';

const latencySchema = z.object({ count: z.number(), p50: z.number(), p90: z.number(), p99: z.number(), max: z.number() });

/** Queue depth, outcomes and recent latencies of one photo-validation process, for operators and the bench. */
export const photoValidationMetricsSchema = z.object({
  /** The queue as a whole (every worker process), from the queue itself. */
  queue: z.object({ waiting: z.number(), active: z.number(), completed: z.number(), failed: z.number() }),
  /** This process's worker. */
  worker: z.object({ validator: z.string(), concurrency: z.number(), coldStartMs: z.number().nullable() }),
  /** Outcomes since the process started; "failed" = the handler threw (the queue retries or dead-letters it). */
  jobs: z.object({ valid: z.number(), invalid: z.number(), serviceError: z.number(), failed: z.number() }),
  /** Handler time (photo read + check) of the most recent jobs, in ms; null before the first job. */
  latencyMs: latencySchema.nullable(),
  lastJobFinishedAt: z.string().nullable(),
});
export type PhotoValidationMetricsReport = z.infer<typeof photoValidationMetricsSchema>;

export const PhotoValidationCalls = {
  metrics: defineCall({ subject: 'photo-validation.metrics', request: z.object({}), reply: photoValidationMetricsSchema, errors: [] }),
};
