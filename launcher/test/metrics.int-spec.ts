import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Item, PhotoValidationResult, SERVICE_NAMES, User } from '@curbside/contracts';
import { freePortRun, metricsRegistry } from '@curbside/platform';
import { ApiClient, createDistributedTestEnvironment, DistributedTestEnvironment, EventStreamReader, metricSamples, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, PICKUP_PHOTO, postWithPhoto, STACK_MODES } from './stack-modes';

const ROOT = resolve(__dirname, '..', '..');
const HERE = { lat: 37.7749, lng: -122.4194 };

/**
 * After some traffic (a member, a post, a feed and an item read, an open live stream, a pickup-photo check), the
 * process's /metrics holds every metric docs/operations.md lists, labelled by route templates and subjects, never ids.
 * Each mode runs as one process here (the distributed wiring too: stack.ts), so one page holds everything.
 */
describe.each(STACK_MODES)('metrics, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let page: string;
  let item: Item;
  let stream: EventStreamReader | undefined;

  const scrape = async (): Promise<string> => {
    const response = await fetch(stack.metricsUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({ METRICS_PORT: '0', RATE_LIMIT_WRITES_PER_MINUTE: '1000' }));
    // Both modes run in this one Jest process, whose registry would otherwise still count the first mode's traffic.
    metricsRegistry.resetMetrics();
    const poster = new ApiClient(stack.url);
    const member = (await poster.post<User>('/api/users', {})).body;
    // A pickup photo is checked against the item's own photo.
    item = await postWithPhoto(poster, { title: 'Wooden chair', location: HERE });
    expect((await poster.get<Item[]>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`)).status).toBe(200);
    expect((await poster.get<Item>(`/api/items/${item.id}`)).status).toBe(200);
    stream = await poster.eventStream('/api/events/stream');
    // Events went round: the items service learnt the new member from user.created (outbox relayed, a consumer ran).
    const knownToItems = (userId: string) => async () =>
      (await dataSourceOf(stack, 'items').query('SELECT 1 FROM items.posters WHERE user_id = $1', [userId])).length === 1;
    await waitFor(knownToItems(member.id), { what: 'the items service to learn the member' });

    const claimer = poster.anotherBrowser();
    const neighbour = (await claimer.post<User>('/api/users', {})).body;
    // Until the items service knows the new member it would refuse the check.
    await waitFor(knownToItems(neighbour.id), { what: 'the items service to learn the neighbour' });
    const check = await claimer.post<PhotoValidationResult>(`/api/items/${item.id}/validate-pickup`, { pickupPhoto: PICKUP_PHOTO.toString('base64') });
    expect(check.status).toBe(201);
    expect(check.body.isValid).toBe(true);
    page = await scrape();
  }, 120_000);

  afterAll(async () => {
    await stream?.close();
    await stack?.close();
    await dispose?.();
  });

  it('times HTTP requests by route template, method and status class, never by a URL holding an id', () => {
    const counts = metricSamples(page, 'curbside_http_request_duration_seconds_count');
    expect(counts).toEqual(
      expect.arrayContaining([
        { labels: { route: '/api/users', method: 'POST', status_class: '2xx' }, value: 2 },
        { labels: { route: '/api/items', method: 'POST', status_class: '2xx' }, value: 1 },
        { labels: { route: '/api/items', method: 'GET', status_class: '2xx' }, value: 1 },
        { labels: { route: '/api/items/:id', method: 'GET', status_class: '2xx' }, value: 1 },
        expect.objectContaining({ labels: { route: '/api/items/:id/validate-pickup', method: 'POST', status_class: '2xx' } }),
      ]),
    );
    expect(metricSamples(page, 'curbside_http_request_duration_seconds_bucket').length).toBeGreaterThan(counts.length);
    // No id in any label of any metric, and the live stream's lifetime is not counted as a latency.
    expect(page).not.toContain(item.id);
    expect(counts.filter((s) => s.labels.route === '/api/events/stream')).toEqual([]);
  });

  it('counts open live streams', () => {
    expect(metricSamples(page, 'curbside_live_streams_open')).toEqual([{ labels: {}, value: 1 }]);
  });

  it('times service calls by subject and outcome, at the caller and at the handler', () => {
    for (const name of ['curbside_rpc_call_duration_seconds_count', 'curbside_rpc_handler_duration_seconds_count']) {
      const samples = metricSamples(page, name);
      expect(samples).toEqual(
        expect.arrayContaining([
          { labels: { subject: 'items.create', outcome: 'ok' }, value: 1 },
          { labels: { subject: 'items.feed', outcome: 'ok' }, value: 1 },
          { labels: { subject: 'items.get', outcome: 'ok' }, value: 1 },
        ]),
      );
      expect(samples.every((s) => /^[a-z-]+\.[a-z.-]+$/.test(s.labels.subject) && ['ok', 'error', 'timeout', 'unavailable'].includes(s.labels.outcome))).toBe(
        true,
      );
    }
  });

  it("reports each service's outbox backlog and the age of its oldest unpublished event", () => {
    const services = ['emergency', 'items', 'notifications', 'photo-validation', 'rewards', 'users'];
    for (const name of ['curbside_outbox_backlog_events', 'curbside_outbox_oldest_unpublished_age_seconds']) {
      const samples = metricSamples(page, name);
      expect(samples.map((s) => s.labels.service).sort()).toEqual(services);
      expect(samples.every((s) => Number.isFinite(s.value) && s.value >= 0)).toBe(true);
    }
  });

  it('reports the lag of every durable consumer', () => {
    const lag = metricSamples(page, 'curbside_event_consumer_lag_events');
    // Rewards credits posts: its consumers are there, by their durable names, the service's name first.
    expect(lag.some((s) => s.labels.durable.startsWith('rewards_'))).toBe(true);
    expect(lag.some((s) => s.labels.durable.startsWith('notifications_'))).toBe(true);
    expect(lag.every((s) => Number.isInteger(s.value) && s.value >= 0)).toBe(true);
  });

  it("reports the job queues' depths and the photo checks run", () => {
    // Pickup photo checks, item photo labels for moderation, delayed alert deliveries: waiting, active and failed each.
    const queues = ['alert-delivery', 'photo-labels', 'photo-validation'];
    const labels = metricSamples(page, 'curbside_job_queue_jobs').map((s) => `${s.labels.queue} ${s.labels.state}`);
    expect(labels.sort()).toEqual(queues.flatMap((queue) => ['active', 'failed', 'waiting'].map((state) => `${queue} ${state}`)));
    expect(metricSamples(page, 'curbside_photo_checks_total')).toEqual([{ labels: { outcome: 'valid' }, value: 1 }]);
    expect(metricSamples(page, 'curbside_photo_check_duration_seconds_count')).toEqual([{ labels: { outcome: 'valid' }, value: 1 }]);
  });

  it('carries Node process metrics, and is not served on the gateway port', async () => {
    expect(metricSamples(page, 'process_cpu_seconds_total')).toHaveLength(1);
    expect(metricSamples(page, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    const onGateway = await fetch(`${stack.url}/metrics`);
    expect(await onGateway.text()).not.toContain('# TYPE');
  });
});

/**
 * `start:dist` (its built entry, as the npm script runs it) with METRICS_PORT: each process serves its own /metrics
 * on the port the launcher gave it, holding what that process does: the gateway its routes and calls, each service
 * its handlers, its own outbox and its consumers.
 */
describe('metrics of start:dist, one page per process', () => {
  let environment: DistributedTestEnvironment;
  let launcher: ChildProcess;
  const output: string[] = [];

  beforeAll(async () => {
    environment = await createDistributedTestEnvironment();
    // One run of ports: the gateway's metrics, each service's, then the HTTP port, so no two can be the same.
    const metricsPort = await freePortRun(SERVICE_NAMES.length + 2);
    const port = metricsPort + SERVICE_NAMES.length + 1;
    launcher = spawn(process.execPath, [join(ROOT, 'launcher', 'dist', 'distributed.js')], {
      env: {
        ...process.env,
        ...environment.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    launcher.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  }, 60_000);

  afterAll(async () => {
    if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
      const exited = new Promise((r) => launcher.once('exit', r));
      launcher.kill('SIGTERM');
      const timer = setTimeout(() => launcher.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await environment?.dispose();
  }, 30_000);

  it('serves each process its own /metrics on the port the launcher lists', async () => {
    const ports = await waitFor(
      () => {
        const line = output
          .join('')
          .split('\n')
          .find((l) => l.includes('"metricsPorts"'));
        return line ? (JSON.parse(line) as { metricsPorts: Record<string, number>; url: string }) : undefined;
      },
      { what: 'the start-up line with the metrics ports' },
    );
    expect(Object.keys(ports.metricsPorts).sort()).toEqual(['gateway', ...SERVICE_NAMES].sort());
    // A launcher that gave up ends the wait at once; either way, what it printed last says which process did not
    // come up, and why.
    const gaveUp = new Promise<never>((_, fail) => {
      const exited = (code: number | null) => fail(new Error(`start:dist exited with code ${code}`));
      if (launcher.exitCode !== null) exited(launcher.exitCode);
      else launcher.once('exit', exited);
    });
    const healthy = waitFor(
      async () => {
        const health = await fetch(`${ports.url}/api/health`);
        if (health.status !== 200) throw new Error(`/api/health answered ${health.status}: ${await health.text()}`);
        return true;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: 'all services healthy' },
    );
    await Promise.race([healthy, gaveUp]).catch((err: Error) => {
      throw new Error(`${err.message}\nstart:dist printed last:\n${output.join('').split('\n').slice(-40).join('\n')}`);
    });
    expect((await new ApiClient(ports.url).get<Item[]>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`)).status).toBe(200);

    const scrape = async (app: string) => (await fetch(`http://127.0.0.1:${ports.metricsPorts[app]}/metrics`)).text();
    const gateway = await scrape('gateway');
    expect(metricSamples(gateway, 'curbside_http_request_duration_seconds_count')).toContainEqual({
      labels: { route: '/api/items', method: 'GET', status_class: '2xx' },
      value: 1,
    });
    expect(metricSamples(gateway, 'curbside_rpc_call_duration_seconds_count')).toContainEqual({ labels: { subject: 'items.feed', outcome: 'ok' }, value: 1 });
    expect(metricSamples(gateway, 'curbside_live_streams_open')).toEqual([{ labels: {}, value: 0 }]);
    expect(metricSamples(gateway, 'curbside_outbox_backlog_events')).toEqual([]);

    for (const service of SERVICE_NAMES) {
      const page = await scrape(service);
      // Its own outbox only, and the health calls the gateway made to it.
      expect([service, metricSamples(page, 'curbside_outbox_backlog_events').map((s) => s.labels.service)]).toEqual([service, [service]]);
      expect(metricSamples(page, 'curbside_rpc_handler_duration_seconds_count').map((s) => s.labels.subject)).toContain(`${service}.health`);
      expect(metricSamples(page, 'curbside_event_consumer_lag_events').every((s) => s.labels.durable.startsWith(`${service}_`))).toBe(true);
    }
    expect(metricSamples(await scrape('items'), 'curbside_rpc_handler_duration_seconds_count')).toContainEqual({
      labels: { subject: 'items.feed', outcome: 'ok' },
      value: 1,
    });
    // The photo-validation process works the pickup checks and the item photo labels, and nothing else.
    expect(new Set(metricSamples(await scrape('photo-validation'), 'curbside_job_queue_jobs').map((s) => s.labels.queue))).toEqual(
      new Set(['photo-labels', 'photo-validation']),
    );
    expect(metricSamples(await scrape('rewards'), 'curbside_event_consumer_lag_events').length).toBeGreaterThan(0);
  }, 180_000);
});
