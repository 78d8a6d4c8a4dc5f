import {
  metricsRegistry,
  observeHttpRequest,
  photoChecks,
  renderMetrics,
  rpcCallDuration,
  UNROUTED,
  watchConsumerLag,
  watchJobQueue,
  watchLiveStreams,
  watchOutbox,
} from './metrics';
import { startMetricsServer } from './metrics-server';

/** The samples of one metric family in the text exposition, e.g. `name{labels} value` lines. */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('metrics', () => {
  const unwatch: (() => void)[] = [];

  beforeEach(() => metricsRegistry.resetMetrics());
  afterEach(() => {
    for (const stop of unwatch.splice(0)) stop();
  });

  it('renders every family of the process in the Prometheus text format, Node process metrics included', async () => {
    const { contentType, body } = await renderMetrics();

    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'curbside_http_request_duration_seconds',
      'curbside_rpc_call_duration_seconds',
      'curbside_rpc_handler_duration_seconds',
      'curbside_photo_checks_total',
      'curbside_photo_check_duration_seconds',
      'curbside_live_streams_open',
      'curbside_outbox_backlog_events',
      'curbside_outbox_oldest_unpublished_age_seconds',
      'curbside_event_consumer_lag_events',
      'curbside_job_queue_jobs',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(body).toContain(`# TYPE ${name} `);
    }
  });

  it('labels a request by its route template, method and status class; an unmatched one as unrouted', async () => {
    observeHttpRequest('/api/items/:id', 'GET', 200, 0.004);
    observeHttpRequest('/api/items/:id', 'GET', 204, 0.002);
    observeHttpRequest(undefined, 'PROPFIND', 404, 0.001);
    observeHttpRequest('/api/items', 'POST', 503, 0.3);

    const { body } = await renderMetrics();
    const counts = samples(body, 'curbside_http_request_duration_seconds_count');

    expect(counts).toEqual(
      expect.arrayContaining([
        'curbside_http_request_duration_seconds_count{route="/api/items/:id",method="GET",status_class="2xx"} 2',
        `curbside_http_request_duration_seconds_count{route="${UNROUTED}",method="other",status_class="4xx"} 1`,
        'curbside_http_request_duration_seconds_count{route="/api/items",method="POST",status_class="5xx"} 1',
      ]),
    );
    expect(counts).toHaveLength(3);
  });

  it('keeps request-path metrics between scrapes', async () => {
    rpcCallDuration.observe({ subject: 'items.feed', outcome: 'ok' }, 0.002);
    photoChecks.inc({ outcome: 'valid' });

    await renderMetrics();
    const { body } = await renderMetrics();

    expect(body).toContain('curbside_rpc_call_duration_seconds_count{subject="items.feed",outcome="ok"} 1');
    expect(body).toContain('curbside_photo_checks_total{outcome="valid"} 1');
  });

  it('reads scrape-time sources on each scrape, adds up sources of the same labels, and forgets a source once unwatched', async () => {
    let open = 2;
    unwatch.push(watchLiveStreams(() => open));
    const stopSecond = watchLiveStreams(() => 1);

    expect(samples((await renderMetrics()).body, 'curbside_live_streams_open')).toEqual(['curbside_live_streams_open 3']);

    open = 0;
    stopSecond();

    expect(samples((await renderMetrics()).body, 'curbside_live_streams_open')).toEqual(['curbside_live_streams_open 0']);
  });

  it("runs one outbox query for both of a service's outbox gauges", async () => {
    const read = jest.fn(async () => ({ backlog: 4, oldestAgeSeconds: 12.5 }));
    unwatch.push(watchOutbox('items', read));

    const { body } = await renderMetrics();

    expect(read).toHaveBeenCalledTimes(1);
    expect(body).toContain('curbside_outbox_backlog_events{service="items"} 4');
    expect(body).toContain('curbside_outbox_oldest_unpublished_age_seconds{service="items"} 12.5');
  });

  it('reports consumer lag per durable and queue depth per state', async () => {
    unwatch.push(
      watchConsumerLag(async () => [
        { durable: 'rewards_credit_post', pending: 3 },
        { durable: 'notifications_nearby_alert', pending: 0 },
      ]),
      watchJobQueue('photo-validation', async () => ({ waiting: 2, active: 1, failed: 0 })),
    );

    const { body } = await renderMetrics();

    expect(body).toContain('curbside_event_consumer_lag_events{durable="rewards_credit_post"} 3');
    expect(body).toContain('curbside_event_consumer_lag_events{durable="notifications_nearby_alert"} 0');
    expect(samples(body, 'curbside_job_queue_jobs')).toEqual([
      'curbside_job_queue_jobs{queue="photo-validation",state="waiting"} 2',
      'curbside_job_queue_jobs{queue="photo-validation",state="active"} 1',
      'curbside_job_queue_jobs{queue="photo-validation",state="failed"} 0',
    ]);
  });

  it('leaves a failing source out of the scrape instead of failing it', async () => {
    unwatch.push(
      watchOutbox('users', () => Promise.reject(new Error('database down'))),
      watchOutbox('rewards', async () => ({ backlog: 0, oldestAgeSeconds: 0 })),
    );

    const { body } = await renderMetrics();

    expect(body).not.toContain('service="users"');
    expect(body).toContain('curbside_outbox_backlog_events{service="rewards"} 0');
  });
});

describe(startMetricsServer.name, () => {
  it('serves /metrics on its own port and nothing else', async () => {
    const sut = await startMetricsServer('127.0.0.1', 0, 'test');
    try {
      const page = await fetch(sut.url);
      const other = await fetch(sut.url.replace('/metrics', '/api/health'));

      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await page.text()).toContain('# TYPE curbside_http_request_duration_seconds histogram');
      expect(other.status).toBe(404);
    } finally {
      await sut.close();
    }
  });
});
