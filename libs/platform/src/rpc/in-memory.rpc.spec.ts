import type { WritePacket } from '@nestjs/microservices';
import { InMemoryRpcBroker, jsonCopy } from './in-memory.rpc';

function call(broker: InMemoryRpcBroker, pattern: string, data: unknown): Promise<WritePacket> {
  return new Promise((resolve) => broker.request(pattern, data, resolve));
}

describe('InMemoryRpcBroker', () => {
  it('gives each side what NATS would: JSON copies, never shared objects', async () => {
    const broker = new InMemoryRpcBroker();
    const sent = { at: new Date('2026-11-22T10:00:00Z'), nested: { n: 1 }, gone: undefined };
    let received: unknown;
    const answer = { list: [{ when: new Date('2026-11-22T11:00:00Z') }] };
    broker.register('items.get', (data, respond) => {
      received = data;
      respond({ response: answer, isDisposed: true });
    });

    const packet = await call(broker, 'items.get', sent);

    expect(received).toEqual({ at: '2026-11-22T10:00:00.000Z', nested: { n: 1 } });
    expect((received as { nested: object }).nested).not.toBe(sent.nested);
    expect(packet.response).toEqual({ list: [{ when: '2026-11-22T11:00:00.000Z' }] });
    expect((packet.response as { list: unknown[] }).list).not.toBe(answer.list);
  });

  it('passes a page the service serialised already through unchanged, lone surrogates included', async () => {
    const broker = new InMemoryRpcBroker();
    const page = JSON.stringify({ items: [{ title: 'Chair \ud800 \u{1F600}' }], nextCursor: null });
    broker.register('items.feed', (_data, respond) => respond({ response: page, isDisposed: true }));

    const packet = await call(broker, 'items.feed', { lat: 1 });

    expect(packet).toEqual(JSON.parse(JSON.stringify({ response: page, isDisposed: true })));
    expect(packet.response).toBe(page);
  });

  it('answers an error when nothing listens, and shares the load between listeners', async () => {
    const broker = new InMemoryRpcBroker();
    expect((await call(broker, 'nobody.home', {})).err).toBe('No service listens to nobody.home');

    const served: string[] = [];
    broker.register('users.get', (_d, respond) => (served.push('a'), respond({ response: 'a', isDisposed: true })));
    broker.register('users.get', (_d, respond) => (served.push('b'), respond({ response: 'b', isDisposed: true })));
    for (let i = 0; i < 4; i++) await call(broker, 'users.get', {});
    expect(served.sort()).toEqual(['a', 'a', 'b', 'b']);
  });
});

describe('jsonCopy', () => {
  it('gives what a JSON round trip gives', () => {
    class Point {
      constructor(
        readonly lat: number,
        readonly lng: number,
      ) {}
      get ignored(): number {
        return 1;
      }
    }
    const values: unknown[] = [
      {
        when: new Date('2026-11-24T10:00:00Z'),
        gone: undefined,
        fn: () => 1,
        [Symbol('s')]: 1,
        nested: { list: [1, undefined, () => 2, NaN, -0, Infinity, 'x'] },
      },
      [new Map([['a', 1]]), new Set([1]), Buffer.from('hi'), new Point(1, 2), Object.create(null), new Error('not enumerable')],
      { toJSON: (key: string) => ({ key }) },
      { inner: { toJSON: (key: string) => `inner at ${key}` } },
      [new String('s'), new Number(3), new Boolean(false)],
      // A hole in an array is written as null.
      // eslint-disable-next-line no-sparse-arrays
      [1, , 3],
      'a "quoted" \ud800 string',
      42,
      null,
      true,
    ];
    for (const value of values) expect(jsonCopy(value)).toEqual(JSON.parse(JSON.stringify(value)));
    expect(Object.keys(jsonCopy({ a: undefined, b: 1 }) as object)).toEqual(['b']);
  });

  it('copies objects and arrays, never sharing them', () => {
    const original = { list: [{ n: 1 }] };
    const copy = jsonCopy(original) as typeof original;
    copy.list[0].n = 2;
    expect(original.list[0].n).toBe(1);
  });

  it('refuses a bigint as JSON does', () => {
    expect(() => jsonCopy({ n: 1n })).toThrow(TypeError);
  });
});
