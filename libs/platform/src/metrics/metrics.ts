import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createLogger } from '../logging/logger';

/**
 * Every metric of a Curbside process, defined once, in one registry per process (docs/operations.md lists them).
 * Embedded mode holds the gateway and all six services in one process, so its one /metrics says everything;
 * distributed mode has one per process and Prometheus adds the instance.
 *
 * Request-path metrics (HTTP, RPC, photo checks) are observed as they happen; what lives elsewhere (outbox rows,
 * consumer positions, queues, open streams) is read only when scraped, from the sources registered below.
 */
export const metricsRegistry = new Registry();

const log = createLogger('metrics');

/** Milliseconds to tens of seconds: a loopback call is ~0.3 ms, a feed read ~5 ms, a timeout 5 s (RPC_TIMEOUT_MS). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A local photo check takes ~0.3 s, an OpenAI one seconds, with retries up to about a minute. */
const PHOTO_CHECK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 80];

/** Gateway: each answered request, by the route contract's path (never the URL: no ids), method and status class. */
export const httpRequestDuration = new Histogram({
  name: 'curbside_http_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by route template, method and status class (live streams excluded)',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** At the caller (gateway, or a service asking another): the whole round trip, whatever the answer. */
export const rpcCallDuration = new Histogram({
  name: 'curbside_rpc_call_duration_seconds',
  help: 'Service calls made, by subject and outcome (ok, error: a coded refusal, timeout, unavailable)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** At the service: the handler's own time, request parsing included. */
export const rpcHandlerDuration = new Histogram({
  name: 'curbside_rpc_handler_duration_seconds',
  help: 'Service calls handled, by subject and outcome (ok, error)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/**
 * At the service: calls given up on because their caller's deadline passed, by subject and stage (`before`: not run
 * at all; `during`: a read was stopped at the deadline). Not in the handler histogram: a call refused before it ran
 * had no handler time.
 */
export const rpcDeadlineExceeded = new Counter({
  name: 'curbside_rpc_deadline_exceeded_total',
  help: "Service calls dropped because their caller's deadline passed, by subject and stage (before: not run, during: a read stopped)",
  labelNames: ['subject', 'stage'] as const,
  registers: [metricsRegistry],
});

/** Gateway: API requests refused at the door because more arrived than the services answer (gateway/src/http/admission.ts). */
export const httpRequestsShed = new Counter({
  name: 'curbside_http_requests_shed_total',
  help: 'API requests the gateway refused with 503 because it was over capacity, by lane (read, write) and reason (full: no place in line, waited: its wait ran out)',
  labelNames: ['lane', 'reason'] as const,
  registers: [metricsRegistry],
});

export const photoChecks = new Counter({
  name: 'curbside_photo_checks_total',
  help: 'Pickup-photo checks run by this process, by outcome (valid, invalid, serviceError, failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const photoCheckDuration = new Histogram({
  name: 'curbside_photo_check_duration_seconds',
  help: 'Time of a pickup-photo check job (photo read and check), by outcome',
  labelNames: ['outcome'] as const,
  buckets: PHOTO_CHECK_BUCKETS,
  registers: [metricsRegistry],
});

type LabelValues = Record<string, string>;
/** One reading of a scrape-time source: its labels and value. */
export interface Reading {
  labels: LabelValues;
  value: number;
}
type Source = () => Promise<Reading[]> | Reading[];

/**
 * A gauge read from its sources at scrape time. Sources come and go with what owns them (a service's outbox, a
 * bus, a worker); one that fails or hangs is left out of that scrape rather than failing the whole page.
 */
function scrapedGauge(name: string, help: string, labelNames: string[]) {
  const sources = new Set<Source>();
  const gauge = new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const readings = await Promise.all([...sources].map((source) => readSource(name, source)));
      // Several sources may report the same labels (two gateways in one test process): they add up.
      for (const reading of readings.flat()) this.inc(reading.labels, reading.value);
    },
  });
  return {
    gauge,
    /** Adds a source; the returned function removes it (call it when its owner closes). */
    watch(source: Source): () => void {
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}

const SOURCE_TIMEOUT_MS = 2000;

async function readSource(metric: string, source: Source): Promise<Reading[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve(source()),
      new Promise<Reading[]>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${SOURCE_TIMEOUT_MS} ms`)), SOURCE_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    log.warn({ err, metric }, 'a metrics source could not be read; left out of this scrape');
    return [];
  } finally {
    clearTimeout(timer);
  }
}

const liveStreams = scrapedGauge('curbside_live_streams_open', 'Live streams (Server-Sent Events) open on this gateway process', []);
const admission = scrapedGauge('curbside_http_admission_requests', 'API requests of this gateway process by state (running: let in; queued: waiting in line)', [
  'state',
]);
const outboxBacklog = scrapedGauge('curbside_outbox_backlog_events', 'Outbox rows not yet published to the bus, by service', ['service']);
const outboxAge = scrapedGauge(
  'curbside_outbox_oldest_unpublished_age_seconds',
  'Age of the oldest outbox row not yet published, by service (0 when none waits)',
  ['service'],
);
const consumerLag = scrapedGauge(
  'curbside_event_consumer_lag_events',
  'Events of a durable consumer not yet acknowledged (JetStream num_pending + num_ack_pending; in memory: past its position)',
  ['durable'],
);
const queueDepth = scrapedGauge('curbside_job_queue_jobs', 'Jobs of a queue this process works, by state (waiting, active, failed)', ['queue', 'state']);

/** The count of open live streams of one gateway (its LiveHub). */
export function watchLiveStreams(count: () => number): () => void {
  return liveStreams.watch(() => [{ labels: {}, value: count() }]);
}

/** A gateway's admission gate: requests let in and those waiting in line. */
export function watchAdmission(read: () => { running: number; queued: number }): () => void {
  return admission.watch(() => {
    const { running, queued } = read();
    return [
      { labels: { state: 'running' }, value: running },
      { labels: { state: 'queued' }, value: queued },
    ];
  });
}

export interface OutboxReading {
  backlog: number;
  oldestAgeSeconds: number;
}

/**
 * A service's outbox: one query answers both gauges (they are collected together on each scrape, so the reading is
 * shared for a moment rather than run twice).
 */
export function watchOutbox(service: string, read: () => Promise<OutboxReading>): () => void {
  const shared = sharedForAScrape(read);
  const stopBacklog = outboxBacklog.watch(async () => [{ labels: { service }, value: (await shared()).backlog }]);
  const stopAge = outboxAge.watch(async () => [{ labels: { service }, value: (await shared()).oldestAgeSeconds }]);
  return () => {
    stopBacklog();
    stopAge();
  };
}

/** The durable consumers a bus runs in this process and how many events each has yet to finish. */
export function watchConsumerLag(read: () => Promise<{ durable: string; pending: number }[]>): () => void {
  return consumerLag.watch(async () => (await read()).map(({ durable, pending }) => ({ labels: { durable }, value: pending })));
}

/** A queue this process works (it runs the queue's worker, so replicas of other services do not repeat it). */
export function watchJobQueue(queue: string, stats: () => Promise<{ waiting: number; active: number; failed: number }>): () => void {
  return queueDepth.watch(async () => {
    const { waiting, active, failed } = await stats();
    return [
      { labels: { queue, state: 'waiting' }, value: waiting },
      { labels: { queue, state: 'active' }, value: active },
      { labels: { queue, state: 'failed' }, value: failed },
    ];
  });
}

const SHARED_FOR_MS = 1000;

function sharedForAScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > SHARED_FOR_MS) last = { at: now, value: read() };
    return last.value;
  };
}

let defaultsOn = false;

/**
 * How often prom-client's default metrics time the event loop (`nodejs_eventloop_lag_*_seconds`, reset at each scrape).
 * Each figure is the time between two of those timers, so it includes these 10 ms: an idle process shows ~0.010.
 */
export const EVENT_LOOP_TIMER_MS = 10;

/** The Prometheus text exposition of this process; the first call also starts Node's own process metrics. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  if (!defaultsOn) {
    defaultsOn = true;
    collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_TIMER_MS });
  }
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * One answered gateway request. `route` is the matched route's template (`/api/items/:id`), never the raw URL, so
 * ids never become labels; requests no route matched (the SPA, static files, unknown paths) share one label.
 */
export function observeHttpRequest(route: string | undefined, method: string, status: number, seconds: number): void {
  httpRequestDuration.observe(
    { route: route ?? UNROUTED, method: METHODS.has(method) ? method : 'other', status_class: STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other' },
    seconds,
  );
}

/** The route label of requests no API route matched. */
export const UNROUTED = '(unrouted)';
