import { randomUUID } from 'node:crypto';
import { CallContract, Calls, LIVE_SESSIONS_ENDED_TOPIC, LiveSessionsEndedSignal } from '@curbside/contracts';
import { AppConfig, InMemoryLiveChannel, LiveChannel, NatsLiveChannel } from '@curbside/platform';
import type { ServiceClient } from '../http/service-client';
import { SessionCache } from './session-cache';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ANN = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

/**
 * The users service as the gateways see it: sessions by token, and a revocation that signals the members whose
 * session ended on the live channel before it answers (services/users/src/sessions/sessions.service.ts).
 */
class UsersFake {
  readonly sessions = new Map<string, string>();
  lookups = 0;
  constructor(private readonly live: LiveChannel) {}
  readonly client = {
    call: async (contract: CallContract, body: { token: string }) => {
      if (contract !== Calls.users.resolveSession) throw new Error(`unexpected call ${contract.subject}`);
      this.lookups++;
      return { userId: this.sessions.get(body.token) ?? null };
    },
  } as unknown as ServiceClient;
  async revoke(token: string): Promise<void> {
    const userId = this.sessions.get(token);
    this.sessions.delete(token);
    if (userId) await this.live.publish(LIVE_SESSIONS_ENDED_TOPIC, { userIds: [userId] } satisfies LiveSessionsEndedSignal);
  }
}

const config = (ttl: number) => ({ SESSION_CACHE_MS: ttl }) as AppConfig;

async function replicas(channels: { users: LiveChannel; a: LiveChannel; b: LiveChannel }, ttl = 60_000) {
  const users = new UsersFake(channels.users);
  const a = new SessionCache(users.client, channels.a, config(ttl));
  const b = new SessionCache(users.client, channels.b, config(ttl));
  await a.onApplicationBootstrap();
  await b.onApplicationBootstrap();
  users.sessions.set('ann-phone', ANN).set('ann-laptop', ANN).set('bob', BOB);
  return { users, a, b };
}

describe('SessionCache', () => {
  it('asks the users service once per token within its time, and remembers tokens that name no session', async () => {
    const live = new InMemoryLiveChannel();
    const { users, a } = await replicas({ users: live, a: live, b: live });
    expect(await a.resolve('ann-phone')).toBe(ANN);
    expect(await a.resolve('ann-phone')).toBe(ANN);
    expect(await a.resolve('forged')).toBeNull();
    expect(await a.resolve('forged')).toBeNull();
    expect(users.lookups).toBe(2);
  });

  it('asks every time with SESSION_CACHE_MS=0', async () => {
    const live = new InMemoryLiveChannel();
    const users = new UsersFake(live);
    users.sessions.set('ann-phone', ANN);
    const cache = new SessionCache(users.client, live, config(0));
    await cache.resolve('ann-phone');
    await cache.resolve('ann-phone');
    expect(users.lookups).toBe(2);
  });

  it('does not keep a look-up that was under way while a session ended', async () => {
    const live = new InMemoryLiveChannel();
    const { users } = await replicas({ users: live, a: live, b: live });
    let release!: () => void;
    const slow = {
      call: async (contract: CallContract, body: { token: string }) => {
        const answer = await users.client.call(contract as typeof Calls.users.resolveSession, body);
        await new Promise<void>((done) => (release = done));
        return answer;
      },
    } as unknown as ServiceClient;
    const cache = new SessionCache(slow, live, config(60_000));
    await cache.onApplicationBootstrap();
    const lookup = cache.resolve('ann-phone');
    await new Promise((r) => setImmediate(r));
    await users.revoke('ann-phone');
    await new Promise((r) => setImmediate(r));
    release();
    expect(await lookup).toBe(ANN);
    // Not remembered: the next request asks again and learns the session ended.
    const next = cache.resolve('ann-phone');
    await new Promise((r) => setImmediate(r));
    release();
    expect(await next).toBeNull();
  });

  describe.each([
    [
      'in memory (embedded)',
      async () => {
        const live = new InMemoryLiveChannel();
        return {
          channels: { users: live, a: live, b: live },
          delivered: async () => new Promise<void>((r) => setImmediate(r)),
          close: async (): Promise<void> => undefined,
        };
      },
    ],
    [
      'over NATS, three connections (distributed)',
      async () => {
        const subjectPrefix = `test${randomUUID().replace(/-/g, '').slice(0, 10)}.live`;
        const [users, a, b] = [0, 1, 2].map(() => new NatsLiveChannel({ servers: NATS_URL, subjectPrefix }));
        // NATS keeps one publisher's messages in order for each subscriber: once a probe the users' connection
        // published after the revocation has reached replica B, so has the revocation.
        let probes = 0;
        await b.subscribe('probe', () => probes++);
        const delivered = async () => {
          const seen = probes;
          await users.publish('probe', {});
          const deadline = Date.now() + 5000;
          while (probes === seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
        };
        return { channels: { users, a, b }, delivered, close: async (): Promise<void> => void (await Promise.all([users.close(), a.close(), b.close()])) };
      },
    ],
  ])('two gateway replicas, %s', (_name, setup) => {
    let env: Awaited<ReturnType<typeof setup>>;
    beforeEach(async () => {
      env = await setup();
    });
    afterEach(async () => {
      await env.close();
    });

    it('a sign-out on one replica ends the session on the other, whose cache had it, and only that member’s', async () => {
      const { users, a, b } = await replicas(env.channels);
      expect([await a.resolve('ann-phone'), await b.resolve('ann-phone'), await b.resolve('ann-laptop'), await b.resolve('bob')]).toEqual([ANN, ANN, ANN, BOB]);
      const asked = users.lookups;

      // The logout route on replica A: the users service revokes (and signals), then A forgets the token.
      await users.revoke('ann-phone');
      a.forgetToken('ann-phone');
      await env.delivered();

      expect(await a.resolve('ann-phone')).toBeNull();
      expect(await b.resolve('ann-phone')).toBeNull();
      // Ann's other session is still live, but is asked about again; Bob's stays remembered.
      expect(await b.resolve('ann-laptop')).toBe(ANN);
      expect(await b.resolve('bob')).toBe(BOB);
      expect(users.lookups - asked).toBe(3);
      a.onModuleDestroy();
      b.onModuleDestroy();
    });
  });
});
