/**
 * Checks the `monitoring` profile of docker-compose.yml against the apps: Prometheus scrapes every app on the
 * metrics port the apps are given, that port stays private, and the Grafana dashboard in the repository charts
 * every metric the apps define (libs/platform/src/metrics/metrics.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { configSchema, metricsRegistry } from '@curbside/platform';

const ROOT = join(__dirname, '..');

interface Service {
  build?: unknown;
  image?: string;
  profiles?: string[];
  environment?: Record<string, string | number | null>;
  ports?: string[];
  volumes?: string[];
}
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const apps = Object.keys(services).filter((name) => services[name]!.build !== undefined);

interface ScrapeConfig {
  job_name: string;
  metrics_path?: string;
  dns_sd_configs?: { names: string[]; type: string; port: number }[];
}
const prometheus = parse(readFileSync(join(ROOT, 'infra/prometheus/prometheus.yml'), 'utf8')) as { scrape_configs: ScrapeConfig[] };
const curbsideJob = prometheus.scrape_configs.find((job) => job.job_name === 'curbside');

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
}
const dashboard = JSON.parse(readFileSync(join(ROOT, 'infra/grafana/dashboards/curbside.json'), 'utf8')) as { uid: string; panels: Panel[] };
const datasources = parse(readFileSync(join(ROOT, 'infra/grafana/provisioning/datasources/prometheus.yml'), 'utf8')) as {
  datasources: { uid: string; url: string }[];
};
const providers = parse(readFileSync(join(ROOT, 'infra/grafana/provisioning/dashboards/curbside.yml'), 'utf8')) as {
  providers: { options: { path: string } }[];
};

/** Mount target of a repository folder or file in a service. */
function mountOf(service: Service | undefined, source: string): string | undefined {
  const line = (service?.volumes ?? []).find((v) => v.split(':')[0] === source);
  return line?.split(':')[1];
}

describe('monitoring (docker-compose.yml, profile "monitoring")', () => {
  const metricsPort = (app: string) => Number(services[app]!.environment?.['METRICS_PORT']);

  it.each(apps)('%s serves /metrics on a private port of its own, on every interface of its container', (app) => {
    const env = services[app]!.environment ?? {};
    expect(configSchema.shape.METRICS_PORT.parse(env['METRICS_PORT'])).toBe(metricsPort(app));
    expect(metricsPort(app)).not.toBe(Number(env['PORT'] ?? 3000));
    expect(env['METRICS_HOST']).toBe('0.0.0.0');
    expect((services[app]!.ports ?? []).join()).not.toContain(String(metricsPort(app)));
  });

  it('Prometheus scrapes /metrics of every app, each on the port it serves it on', () => {
    const targets = (curbsideJob?.dns_sd_configs ?? []).flatMap((sd) => sd.names.map((name) => `${name}:${sd.port}`));
    expect(curbsideJob?.metrics_path ?? '/metrics').toBe('/metrics');
    expect(targets.sort()).toEqual(apps.map((app) => `${app}:${metricsPort(app)}`).sort());
  });

  it('Prometheus and Grafana run only when the profile is asked for, from pinned images, published on loopback only', () => {
    for (const name of ['prometheus', 'grafana']) {
      expect(services[name]?.profiles).toEqual(['monitoring']);
      expect(services[name]?.image).toMatch(/:v?\d+\.\d+\.\d+$/);
      for (const port of services[name]?.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    expect(mountOf(services['prometheus'], './infra/prometheus/prometheus.yml')).toBe('/etc/prometheus/prometheus.yml');
  });

  it('Grafana loads the dashboards folder from where the provisioning says, on the Prometheus of the compose file', () => {
    expect(mountOf(services['grafana'], './infra/grafana/provisioning')).toBe('/etc/grafana/provisioning');
    expect(mountOf(services['grafana'], './infra/grafana/dashboards')).toBe(providers.providers[0]?.options.path);
    expect(datasources.datasources).toEqual([expect.objectContaining({ url: 'http://prometheus:9090' })]);
  });

  it('the dashboard charts every metric the apps define, each query on the provisioned data source', () => {
    const uid = datasources.datasources[0]?.uid;
    const charts = dashboard.panels.filter((panel) => panel.type !== 'row');
    const exprs = charts.flatMap((panel) => (panel.targets ?? []).map((t) => t.expr));
    const defined = metricsRegistry
      .getMetricsAsArray()
      .map((metric) => metric.name)
      .filter((name) => name.startsWith('curbside_'));

    expect(defined.length).toBeGreaterThanOrEqual(10);
    for (const name of defined) expect([name, exprs.some((expr) => expr.includes(name))]).toEqual([name, true]);
    for (const panel of charts) {
      expect(panel.datasource?.uid).toBe(uid);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid).toBe(uid);
    }
  });
});
