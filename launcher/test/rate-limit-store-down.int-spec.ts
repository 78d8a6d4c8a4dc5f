import { Item, User } from '@curbside/contracts';
import { ApiClient } from '@curbside/testing';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { RunningStack } from '../src/stack';
import { STACK_MODES } from './stack-modes';

const HERE = { lat: 40.758, lng: -73.9855 };
const distributed = STACK_MODES.find((mode) => mode.name.startsWith('distributed'))!;

/** A port on loopback where nothing listens (a server of our own, opened to get a free port and closed again). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A "Redis" that takes connections and never answers a byte: a hung server, not a missing one. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Redis holds the write limits in distributed mode (gateway/src/rate-limit/redis-throttler.storage.ts). A gateway
 * replica whose Redis is gone refuses writes quickly with 503 and Retry-After, and serves reads as ever. The stack's
 * own Redis (the machine's) is never touched: only the replica is pointed elsewhere.
 */
describe('writes while the rate limiter’s Redis is unreachable, distributed', () => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let silent: { port: number; close(): Promise<void> };
  let member: ApiClient;
  let memberId: string;
  /** The member's session cookie, to send through the replica by hand. */
  let cookie: string;

  beforeAll(async () => {
    ({ stack, dispose } = await distributed.start());
    silent = await silentServer();
    member = new ApiClient(stack.url);
    const created = await member.post<User>('/api/users', {});
    memberId = created.body.id;
    cookie = created.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await silent?.close();
    await dispose?.();
  });

  const cases: [string, () => Promise<number>][] = [
    ['nothing listens on its address', deadPort],
    ['it takes connections and never answers', async () => silent.port],
  ];

  it.each(cases)(
    'answers writes 503 with Retry-After within a bounded time, and reads 200, when %s',
    async (_case, port) => {
      const replica = await stack.startGatewayReplica!({ REDIS_URL: `redis://127.0.0.1:${await port()}` });
      const asked = Date.now();
      const write = await fetch(`${replica.url}/api/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title: 'Oak chair', category: 'Furniture', location: HERE }),
      });
      const tookMs = Date.now() - asked;
      const body = (await write.json()) as { message: string };

      expect(write.status).toBe(503);
      expect(Number(write.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(body.message).toBe('Saving is unavailable for a moment. Please try again in a few seconds.');
      expect(tookMs).toBeLessThan(3000);

      const feed = await fetch(`${replica.url}/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`);
      expect(feed.status).toBe(200);
      const me = await fetch(`${replica.url}/api/users/${memberId}`, { headers: { cookie } });
      expect(me.status).toBe(200);

      // The healthy gateway of the same stack still takes the write.
      expect((await member.post<Item>('/api/items', { title: 'Oak chair', category: 'Furniture', location: HERE })).status).toBe(201);
    },
    30_000,
  );
});
