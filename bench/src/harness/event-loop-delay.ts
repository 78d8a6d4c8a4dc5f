import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { EVENT_LOOP_TIMER_MS } from '@curbside/platform';
import { metricSamples } from '@curbside/testing';
import { AppProcess, descendantsOf } from './app-process';
import { nameOf } from './cpu-time';

/** Processes with a metrics port in distributed mode: the gateway and the six services (embedded: the one). */
export const METRICS_PROCESSES = 7;

/** The /metrics text of each port from `firstPort` on that answers ('' for one that does not), in port order. */
export async function scrapeMetrics(firstPort: string | undefined, processes = METRICS_PROCESSES): Promise<string[]> {
  if (!firstPort) return [];
  return Promise.all(
    Array.from({ length: processes }, (_, i) =>
      fetch(`http://127.0.0.1:${Number(firstPort) + i}/metrics`, { signal: AbortSignal.timeout(5000) })
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => ''),
    ),
  );
}

/**
 * How late each Node process of the app ran its event loop's timer since the previous call (p99 and worst, ms), as
 * record fields `loop_p99_ms_<process>` and `loop_max_ms_<process>` (named as the CPU fields are, cpu-time.ts): while a
 * task holds a process's loop, or the process waits for a core, every request and reply waiting on it waits too.
 * Read from prom-client's `nodejs_eventloop_lag_p99_seconds` and `…_max_seconds` in each process's /metrics, less the
 * timer's own EVENT_LOOP_TIMER_MS, which they include. Each scrape resets them, so call it once to start the stretch
 * and again to end it, with nothing else scraping meanwhile. Each port is matched to its process through the listening
 * socket's inode (/proc/net/tcp and the processes' file descriptors).
 */
export async function eventLoopDelay(
  app: Pick<AppProcess, 'pid'>,
  firstPort: string | undefined,
  processes = METRICS_PROCESSES,
): Promise<Record<string, number>> {
  const texts = await scrapeMetrics(firstPort, processes);
  const owners = listeningOwners(app);
  const fields: Record<string, number> = {};
  texts.forEach((text, i) => {
    const p99 = gauge(text, 'nodejs_eventloop_lag_p99_seconds');
    const max = gauge(text, 'nodejs_eventloop_lag_max_seconds');
    if (p99 === undefined || max === undefined) return;
    const name = (owners.get(Number(firstPort) + i) ?? `port_${Number(firstPort) + i}`).replace(/[^A-Za-z0-9]+/g, '_');
    fields[`loop_p99_ms_${name}`] = lateMs(p99);
    fields[`loop_max_ms_${name}`] = lateMs(max);
  });
  return fields;
}

/** A timer's interval in seconds as reported → how late it fired, in ms to a tenth. */
function lateMs(seconds: number): number {
  return Math.round(Math.max(0, seconds * 1000 - EVENT_LOOP_TIMER_MS) * 10) / 10;
}

/** An unlabelled gauge's value in a Prometheus text page. */
export function gauge(text: string, name: string): number | undefined {
  const value = metricSamples(text, name).find((sample) => Object.keys(sample.labels).length === 0)?.value;
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

/** Each TCP port the app's processes listen on, with the name of the process that holds it. */
function listeningOwners(app: Pick<AppProcess, 'pid'>): Map<number, string> {
  const portByInode = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (f.length > 9 && f[3] === '0A') portByInode.set(f[9], parseInt(f[1].split(':')[1], 16));
    }
  }
  const owners = new Map<number, string>();
  for (const pid of [app.pid, ...descendantsOf(app.pid).map((d) => d.pid)]) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link = '';
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const port = portByInode.get(/^socket:\[(\d+)\]$/.exec(link)?.[1] ?? '');
      if (port !== undefined && !owners.has(port)) owners.set(port, safeName(pid));
    }
  }
  return owners;
}

function safeName(pid: number): string {
  try {
    return nameOf(pid);
  } catch {
    return `pid_${pid}`;
  }
}
