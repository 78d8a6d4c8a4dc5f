import { randomUUID } from 'node:crypto';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { connect, NatsConnection, StringCodec } from 'nats';
import { firstValueFrom, timeout } from 'rxjs';
import { NamespacedClientNats, rpcSubject } from './namespaced-nats';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const codec = StringCodec();

/** A service's side as NestJS answers: the request's id back with the response, `isDisposed` on the last packet. */
function answer(responder: NatsConnection, subject: string, reply: (data: unknown) => unknown, delayOf: (data: unknown) => number = () => 0) {
  responder.subscribe(subject, {
    callback: (_err, message) => {
      const { id, data } = JSON.parse(codec.decode(message.data)) as { id: string; data: unknown };
      setTimeout(() => message.respond(codec.encode(JSON.stringify({ id, response: reply(data), isDisposed: true }))), delayOf(data));
    },
  });
}

describe('NamespacedClientNats', () => {
  const namespace = `test${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  let client: NamespacedClientNats;
  let responder: NatsConnection;

  beforeAll(async () => {
    client = new NamespacedClientNats(namespace, { servers: [NATS_URL] });
    await client.connect();
    responder = await connect({ servers: NATS_URL });
    // Later requests are answered first: each reply must still reach its own caller.
    answer(
      responder,
      rpcSubject(namespace, 'items.echo'),
      (data) => ({ echoed: data }),
      (data) => 50 - (data as { n: number }).n,
    );
    answer(
      responder,
      rpcSubject(namespace, 'items.slow'),
      () => 'late',
      () => 300,
    );
    await responder.flush();
  });

  afterAll(async () => {
    await client.close();
    await responder.close();
  });

  const call = (pattern: string, data: unknown, ms = 5000) => firstValueFrom(client.send(pattern, data).pipe(timeout(ms)));

  it('hands every caller its own reply, however the replies are ordered, and keeps no call once answered', async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, (_, n) => call('items.echo', { n })));
    expect(replies).toEqual(Array.from({ length: 50 }, (_, n) => ({ echoed: { n } })));
    expect(client.callsWaiting).toBe(0);
  });

  it('answers a call nobody serves with "no responders" at once', async () => {
    const started = Date.now();
    await expect(call('items.nobody-listens', {}, 30_000)).rejects.toBeInstanceOf(EmptyResponseException);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(client.callsWaiting).toBe(0);
  });

  it('forgets a call given up before its reply, and drops the reply that comes after', async () => {
    await expect(call('items.slow', {}, 50)).rejects.toThrow('Timeout');
    expect(client.callsWaiting).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The late reply found nobody waiting; the next call is answered as usual.
    expect(await call('items.echo', { n: 50 })).toEqual({ echoed: { n: 50 } });
  });
});
