/** One sample of a series in a Prometheus text page: its labels and its value. */
export interface MetricSample {
  labels: Record<string, string>;
  value: number;
}

/**
 * The samples of one series name in a Prometheus text page, as the apps' /metrics write it (prom-client's text format,
 * no timestamps): what the tests and the bench read of the metrics, parsed in one place.
 */
export function metricSamples(page: string, name: string): MetricSample[] {
  return page
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const labelText = line.startsWith(`${name}{`) ? line.slice(name.length + 1, line.lastIndexOf('}')) : '';
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { labels, value: Number(line.slice(line.lastIndexOf(' ') + 1)) };
    });
}
