import { createServer, Server } from 'node:net';
import { canListen, freePortRun } from './free-ports';

function listenOn(port: number): Promise<Server> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

describe('free ports for child processes', () => {
  it('hands out a run of ports below the ephemeral range that a server can listen on', async () => {
    const first = await freePortRun(8);
    expect(first).toBeGreaterThanOrEqual(20_000);
    expect(first + 8).toBeLessThanOrEqual(32_768);
    const servers = await Promise.all(Array.from({ length: 8 }, (_, i) => listenOn(first + i)));
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('tells a port a server holds from a free one', async () => {
    const first = await freePortRun(1);
    const server = await listenOn(first);
    expect(await canListen(first)).toBe(false);
    await new Promise((r) => server.close(r));
    expect(await canListen(first)).toBe(true);
  });
});
