import { connect, Socket } from 'node:net';

/** What a node-postgres client knows of its backend: where the server is and the key that backend answers to. */
export interface PostgresBackend {
  host: string;
  port: number;
  processID: number | null;
  secretKey: number | null;
}

/** The protocol's CancelRequest code (1234 in the high 16 bits, 5678 in the low). */
const CANCEL_REQUEST_CODE = 80877102;
/** A server that neither answers nor closes the socket in this time is given up on. */
const CANCEL_SOCKET_TIMEOUT_MS = 5_000;

/**
 * Asks PostgreSQL to cancel the statement a backend is running, the way psql's Ctrl-C does: a CancelRequest on a
 * socket of its own (no authentication, no pooled connection). A cancel sent through the pool would wait for a free
 * connection, and under load, or with every connection held by the very statements it should stop, none comes.
 * Resolves once the server has closed the socket (it has read the request) or the socket failed; never rejects.
 */
export function sendCancelRequest(backend: PostgresBackend): Promise<void> {
  if (backend.processID === null || backend.secretKey === null) return Promise.resolve();
  const request = Buffer.alloc(16);
  request.writeInt32BE(16, 0);
  request.writeInt32BE(CANCEL_REQUEST_CODE, 4);
  request.writeInt32BE(backend.processID, 8);
  request.writeInt32BE(backend.secretKey, 12);
  return new Promise((resolve) => {
    const socket: Socket = backend.host.startsWith('/') ? connect(`${backend.host}/.s.PGSQL.${backend.port}`) : connect(backend.port, backend.host);
    socket.setTimeout(CANCEL_SOCKET_TIMEOUT_MS, () => socket.destroy());
    socket.once('connect', () => socket.end(request));
    socket.once('close', () => resolve());
    socket.once('error', () => undefined);
    socket.resume();
  });
}
