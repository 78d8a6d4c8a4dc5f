export interface LatencySummary {
  count: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  mean_ms: number;
}

/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) throw new Error('percentile of an empty sample');
  if (p < 0 || p > 100) throw new Error(`percentile ${p} is outside 0..100`);
  const rank = Math.max(1, Math.ceil((p / 100) * sortedAscending.length));
  return sortedAscending[rank - 1];
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function summarize(samplesMs: readonly number[]): LatencySummary {
  if (samplesMs.length === 0) throw new Error('no latency samples were recorded');
  const sorted = Float64Array.from(samplesMs).sort();
  const values = Array.from(sorted);
  let sum = 0;
  for (const v of values) sum += v;
  return {
    count: values.length,
    p50_ms: round(percentile(values, 50)),
    p90_ms: round(percentile(values, 90)),
    p99_ms: round(percentile(values, 99)),
    max_ms: round(values[values.length - 1]),
    mean_ms: round(sum / values.length),
  };
}
