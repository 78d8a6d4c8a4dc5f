import { createServer, Server } from 'node:http';
import { freePortRun } from '@curbside/platform';
import { nameOf } from '../src/harness/cpu-time';
import { eventLoopDelay, gauge } from '../src/harness/event-loop-delay';

const PAGE = [
  '# HELP nodejs_eventloop_lag_p99_seconds The 99th percentile of the recorded event loop delays.',
  '# TYPE nodejs_eventloop_lag_p99_seconds gauge',
  'nodejs_eventloop_lag_p99_seconds 0.01234',
  'nodejs_eventloop_lag_max_seconds 0.0502',
  'curbside_job_queue_jobs{queue="delivery",state="waiting"} 3',
  '',
].join('\n');

describe('eventLoopDelay', () => {
  let server: Server;
  let first: number;
  beforeAll(async () => {
    first = await freePortRun(2);
    server = createServer((request, response) => response.end(request.url === '/metrics' ? PAGE : 'nope'));
    await new Promise<void>((resolve) => server.listen(first, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("names each metrics port by the process listening on it, takes the timer's 10 ms off and leaves out a port nobody answers", async () => {
    const me = nameOf(process.pid).replace(/[^A-Za-z0-9]+/g, '_');
    expect(await eventLoopDelay({ pid: process.pid }, String(first), 2)).toEqual({ [`loop_p99_ms_${me}`]: 2.3, [`loop_max_ms_${me}`]: 40.2 });
  });

  it('reads nothing without a metrics port', async () => {
    expect(await eventLoopDelay({ pid: process.pid }, undefined)).toEqual({});
  });
});

describe('gauge', () => {
  it('reads an unlabelled gauge and nothing else', () => {
    expect(gauge(PAGE, 'nodejs_eventloop_lag_p99_seconds')).toBe(0.01234);
    expect(gauge(PAGE, 'curbside_job_queue_jobs')).toBeUndefined();
    expect(gauge(PAGE, 'nodejs_eventloop_lag_min_seconds')).toBeUndefined();
    expect(gauge('nodejs_eventloop_lag_p99_seconds NaN\n', 'nodejs_eventloop_lag_p99_seconds')).toBeUndefined();
  });
});
