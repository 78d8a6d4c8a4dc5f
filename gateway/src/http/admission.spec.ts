import { PlatformRoutes, type RouteContract } from '@curbside/contracts';
import fastify, { FastifyInstance, FastifyReply } from 'fastify';
import { Admission, AdmissionGate, AdmissionLimits, admitWithinCapacity, Lane } from './admission';

const LIMITS: AdmissionLimits = { maxInFlight: 2, maxWaitMs: 1000, overloadedWaitMs: 100, overloadAfterMs: 500, maxQueued: 4 };

/** Records the order in which requests are let in or refused, by name. */
function harness(limits: Partial<AdmissionLimits> = {}) {
  const gate = new AdmissionGate({ ...LIMITS, ...limits }, () => Date.now());
  const events: string[] = [];
  const releases = new Map<string, () => void>();
  const enter = (name: string, lane: Lane = 'read'): Promise<Admission> => {
    const admission = gate.enter(lane);
    void admission.then((result) => {
      if (result.admitted) {
        releases.set(name, result.release);
        events.push(`in ${name}`);
      } else events.push(`out ${name} (${result.reason})`);
    });
    return admission;
  };
  const release = async (name: string) => {
    releases.get(name)!();
    await jest.advanceTimersByTimeAsync(0);
  };
  return { gate, events, enter, release };
}

describe('AdmissionGate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('lets in maxInFlight requests at once and the next in line as each is answered, first come first served', async () => {
    const { gate, events, enter, release } = harness();
    for (const name of ['a', 'b', 'c', 'd']) void enter(name);
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['in a', 'in b']);
    expect([gate.running, gate.queued]).toEqual([2, 2]);

    await release('a');
    await release('b');
    expect(events).toEqual(['in a', 'in b', 'in c', 'in d']);
    expect([gate.running, gate.queued]).toEqual([2, 0]);
  });

  it('refuses a request whose wait in line ran out, and a release counts once however often it is called', async () => {
    const { gate, events, enter, release } = harness();
    void enter('a');
    void enter('b');
    void enter('c');
    await jest.advanceTimersByTimeAsync(999);
    expect(events).toEqual(['in a', 'in b']);
    await jest.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['in a', 'in b', 'out c (waited)']);

    await release('a');
    await release('a');
    expect(gate.running).toBe(1);
    void enter('d');
    void enter('e');
    await jest.advanceTimersByTimeAsync(0);
    expect(events.slice(3)).toEqual(['in d']);
    expect(gate.queued).toBe(1);
  });

  it('lets a waiting write in before reads that came earlier', async () => {
    const { events, enter, release } = harness();
    void enter('a');
    void enter('b');
    void enter('read 1');
    void enter('read 2');
    void enter('write', 'write');
    await jest.advanceTimersByTimeAsync(0);
    await release('a');
    await release('b');
    expect(events).toEqual(['in a', 'in b', 'in write', 'in read 1']);
  });

  it('once the line has not emptied for a while, lets the newest in first and refuses at once those that waited too long', async () => {
    const { events, enter, release } = harness({ maxQueued: 100 });
    void enter('a');
    void enter('b');
    void enter('old 1');
    void enter('old 2');
    await jest.advanceTimersByTimeAsync(400);
    void enter('older than the overloaded wait');
    await jest.advanceTimersByTimeAsync(40);
    void enter('new 1');
    void enter('new 2');
    // Not yet overloaded (the line has been busy 440 ms of 500): first come, first served.
    await release('a');
    expect(events.at(-1)).toBe('in old 1');

    await jest.advanceTimersByTimeAsync(100);
    // 540 ms without emptying: the newest goes first, and whatever waited over 100 ms is refused.
    await release('b');
    expect(events.slice(3)).toEqual(['out old 2 (waited)', 'out older than the overloaded wait (waited)', 'in new 2']);
  });

  it('counts the line as busy only from the moment it last filled', async () => {
    const { events, enter, release } = harness();
    void enter('a');
    void enter('b');
    // A quiet second: the line was empty all along, so its first waiter is not taken for a sign of overload.
    await jest.advanceTimersByTimeAsync(1000);
    void enter('c');
    void enter('d');
    await jest.advanceTimersByTimeAsync(0);
    await release('a');
    expect(events).toEqual(['in a', 'in b', 'in c']);
  });

  it('when the line is full, refuses a read, and lets a write take the place of the oldest read', async () => {
    const { events, enter } = harness({ maxQueued: 2 });
    void enter('a');
    void enter('b');
    void enter('read 1');
    void enter('read 2');
    void enter('read 3');
    await jest.advanceTimersByTimeAsync(0);
    expect(events.slice(2)).toEqual(['out read 3 (full)']);

    void enter('write 1', 'write');
    void enter('write 2', 'write');
    void enter('write 3', 'write');
    await jest.advanceTimersByTimeAsync(0);
    expect(events.slice(3)).toEqual(['out read 1 (full)', 'out read 2 (full)', 'out write 3 (full)']);
  });
});

describe('admitWithinCapacity', () => {
  let app: FastifyInstance;
  let base: string;
  let gate: AdmissionGate;
  const holding: (() => void)[] = [];

  beforeAll(async () => {
    gate = new AdmissionGate({ ...LIMITS, maxInFlight: 1, maxWaitMs: 50 });
    // Closing the server ends every connection still open, rather than waiting for the test's fetch client to let go.
    app = fastify({ forceCloseConnections: true });
    app.addHook('preHandler', admitWithinCapacity(gate));
    const slow = { method: 'get', path: '/api/slow' } as RouteContract;
    app.get('/api/slow', { config: { contract: slow } }, (_request, reply: FastifyReply) => {
      holding.push(() => void reply.send({ ok: true }));
      return reply;
    });
    app.get('/api/health', { config: { contract: PlatformRoutes.health } }, async () => ({ status: 'ok' }));
    // Not an API route: the SPA's files have no contract.
    app.get('/index.html', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
  });

  async function untilHeld(count: number) {
    while (holding.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('answers 503 with Retry-After past capacity, lets health and the SPA through, and frees the place once answered', async () => {
    const first = fetch(`${base}/api/slow`);
    await untilHeld(1);

    const refused = await fetch(`${base}/api/slow`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      code: 'COMMON.UNAVAILABLE',
      message: 'Curbside is busy right now. Please try again in a moment.',
      retryAfterSeconds: 1,
    });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/index.html`)).status).toBe(200);

    holding.shift()!();
    expect((await first).status).toBe(200);
    const next = fetch(`${base}/api/slow`);
    await untilHeld(1);
    holding.shift()!();
    expect((await next).status).toBe(200);
    expect(gate.running).toBe(0);
  });

  it('frees the place of a caller who went away before the answer', async () => {
    const controller = new AbortController();
    const gone = fetch(`${base}/api/slow`, { signal: controller.signal }).catch(() => 'aborted');
    await untilHeld(1);
    expect(gate.running).toBe(1);
    controller.abort();
    expect(await gone).toBe('aborted');
    while (gate.running > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Its answer goes nowhere (the caller has gone), but the route is done with it.
    holding.shift()!();

    const next = fetch(`${base}/api/slow`);
    await untilHeld(1);
    holding.shift()!();
    expect((await next).status).toBe(200);
  });
});
