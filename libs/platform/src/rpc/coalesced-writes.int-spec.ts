import { randomUUID } from 'node:crypto';
import { connect, NatsConnection, StringCodec } from 'nats';
import { coalesceWrites } from './coalesced-writes';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const codec = StringCodec();
const REQUESTS = 50;

/**
 * A responder and a requester on connections of their own; `coalesced` says whether both get coalesceWrites. The
 * responder answers each message from a callback of its own, as a service answers once its database has (each
 * answer arrives on its own connection): nats.js already sends what one callback publishes in one write.
 */
async function pair(coalesced: boolean) {
  const subject = `test${randomUUID().replace(/-/g, '').slice(0, 12)}.echo`;
  const open = async () => {
    const connection = await connect({ servers: NATS_URL });
    return coalesced ? coalesceWrites(connection) : connection;
  };
  const responder = await open();
  const requester = await open();
  const seen: string[] = [];
  responder.subscribe(subject, {
    callback: (_err, message) => {
      seen.push(codec.decode(message.data));
      setTimeout(() => message.respond(codec.encode(`re ${codec.decode(message.data)}`)), 0);
    },
  });
  await responder.flush();
  return { subject, responder, requester, seen };
}

/**
 * REQUESTS requests sent from as many callbacks of one turn of the event loop (as the gateway sends them, each from
 * the callback of its own HTTP request), and their replies.
 */
function burst(requester: NatsConnection, subject: string): Promise<string[]> {
  const ask = (i: number) => requester.request(subject, codec.encode(String(i)), { timeout: 10_000 }).then((m) => codec.decode(m.data));
  return Promise.all(Array.from({ length: REQUESTS }, (_, i) => new Promise<string>((resolve) => setTimeout(() => resolve(ask(i)), 0))));
}

/**
 * The socket writes `connection` makes to publish REQUESTS messages from as many callbacks of one turn of the event
 * loop (immediates queued together run in one turn; timers may not, on a busy machine), until the server has them
 * all (flush: one PING after them, answered once they are read). nats.js hands each batch of queued commands to its
 * transport's send(), one socket write; counted there, so nothing else this process writes (Jest's own messages to its
 * parent, the other connections) is counted.
 */
async function writesToPublish(connection: NatsConnection, subject: string): Promise<number> {
  const transport = (connection as unknown as { protocol: { transport: { send(frame: Uint8Array): void } } }).protocol.transport;
  const send = transport.send;
  let writes = 0;
  transport.send = (frame) => {
    writes++;
    send.call(transport, frame);
  };
  try {
    await Promise.all(
      Array.from(
        { length: REQUESTS },
        (_, i) => new Promise<void>((resolve) => setImmediate(() => resolve(connection.publish(subject, codec.encode(String(i)))))),
      ),
    );
    await connection.flush();
  } finally {
    transport.send = send;
  }
  return writes;
}

describe('coalesced writes on a NATS connection', () => {
  const opened: NatsConnection[] = [];

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((connection) => connection.close()));
  });

  it('sends what one turn of the event loop published in a write or two instead of one per message', async () => {
    const plain = await pair(false);
    const coalesced = await pair(true);
    opened.push(plain.responder, plain.requester, coalesced.responder, coalesced.requester);

    // Stock nats.js writes each message on its own; coalesced, the turn's messages and the PING go out together.
    expect(await writesToPublish(plain.requester, `${plain.subject}.quiet`)).toBeGreaterThanOrEqual(REQUESTS);
    expect(await writesToPublish(coalesced.requester, `${coalesced.subject}.quiet`)).toBeLessThanOrEqual(2);
  });

  it('answers every request of a burst, in order, on both ends coalesced', async () => {
    const { subject, responder, requester, seen } = await pair(true);
    opened.push(responder, requester);

    const expected = Array.from({ length: REQUESTS }, (_, i) => `re ${i}`);
    expect(await burst(requester, subject)).toEqual(expected);
    expect(seen).toEqual(expected.map((reply) => reply.slice(3)));
  });

  it('still delivers a lone message, and what is published before a drain', async () => {
    const { subject, responder, requester, seen } = await pair(true);
    opened.push(responder);
    const reply = await requester.request(subject, codec.encode('one'), { timeout: 10_000 });
    expect(codec.decode(reply.data)).toBe('re one');
    requester.publish(subject, codec.encode('last'));
    await requester.drain();
    await responder.flush();
    expect(seen).toEqual(['one', 'last']);
  });
});
