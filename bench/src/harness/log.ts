/** Human-readable progress goes to stderr; stdout carries only the JSON results. */
export function progress(message: string): void {
  const time = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[bench ${time}] ${message}\n`);
}

export function errorMessage(err: unknown): string {
  if (err instanceof AggregateError) return `${err.message}: ${err.errors.map(errorMessage).join('; ')}`;
  if (err instanceof Error) return err.message;
  return String(err);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** "12.3 s" / "850 ms" */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
