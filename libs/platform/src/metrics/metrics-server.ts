import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../logging/logger';
import { renderMetrics } from './metrics';

export interface MetricsServer {
  /** e.g. http://127.0.0.1:9464/metrics */
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT, bound to METRICS_HOST), never on the gateway's public port:
 * the reverse proxy forwards only that one, so the metrics (route names, queue depths, instance details) cannot
 * reach the internet by a forgotten proxy rule, and no token is needed. Prometheus reaches it on the private
 * network (docker-compose.yml) or loopback.
 */
export async function startMetricsServer(host: string, port: number, processName: string): Promise<MetricsServer> {
  const log = createLogger('metrics');
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => response.writeHead(200, { 'Content-Type': contentType }).end(request.method === 'HEAD' ? undefined : body),
      (err: unknown) => {
        log.error({ err }, 'metrics could not be rendered');
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics could not be rendered\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Scrapes are short; a kept-alive scraper connection must not hold the process open at shutdown.
  server.keepAliveTimeout = 5000;
  const { port: bound } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`;
  log.info({ url, process: processName }, `${processName} metrics on ${url}`);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
