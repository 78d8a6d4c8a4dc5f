/** The part of nats.js's connection that sends: queued commands are written to the socket by flushPending(). */
interface ProtocolHandler {
  flushPending(): void;
}

/**
 * One socket write per turn of the event loop instead of one per callback. nats.js writes its queued commands in a
 * microtask, so each I/O callback that sends (the gateway's HTTP requests, a service's replies as its database
 * answers) pays a write of its own, though those of one turn could all go in one. A write to a loopback socket
 * costs the sender the receiver's side of TCP too: it was the largest single frame in the gateway's profile of an
 * empty feed answer (bench/README.md, "The gateway on Fastify, one write per turn, one reply subscription").
 *
 * The flush moves to setImmediate, which runs once the turn's I/O callbacks and their microtasks are done: the
 * commands keep their order, and none waits for a timer or for more input. Only the RPC connections take this; a
 * drain still sends everything first (its PING is queued behind the rest).
 */
export function coalesceWrites<C extends object>(connection: C): C {
  const protocol = (connection as unknown as { protocol?: ProtocolHandler }).protocol;
  if (typeof protocol?.flushPending !== 'function') throw new Error('coalesceWrites: this nats client has no flushPending()');
  const flushNow = protocol.flushPending.bind(protocol);
  let scheduled = false;
  protocol.flushPending = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      flushNow();
    });
  };
  return connection;
}
