import { createServer } from 'node:net';

/**
 * Ports for servers started as child processes: embedded mode's PostgreSQL, and the apps a test or the bench starts.
 * They are chosen below Linux's ephemeral range (32768 and up): there the kernel hands ports to outgoing connections
 * (to PostgreSQL, NATS, Redis) at any moment, so a port that was free when probed could be taken before the child
 * listens on it.
 */
const LOWEST = 20_000;
const EPHEMERAL_FROM = 32_768;

/** Whether a server can listen on this port of 127.0.0.1 now. */
export function canListen(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const server = createServer();
    server.once('error', () => ok(false));
    server.listen(port, '127.0.0.1', () => server.close(() => ok(true)));
  });
}

/**
 * The first of `count` consecutive ports nothing listens on now (start:dist gives the gateway METRICS_PORT and each
 * service process the next ones). Random, so processes probing at once rarely pick the same run.
 */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = LOWEST + Math.floor(Math.random() * (EPHEMERAL_FROM - LOWEST - count));
    let free = true;
    for (let port = first; free && port < first + count; port++) free = await canListen(port);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found between ${LOWEST} and ${EPHEMERAL_FROM - 1}`);
}

/** One port nothing listens on now, for a server that must come back on the same port after a restart. */
export function freePort(): Promise<number> {
  return freePortRun(1);
}
