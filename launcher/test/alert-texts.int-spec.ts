import { randomInt } from 'node:crypto';
import { Item, SMS_ALERTS_PER_HOUR, User, VerifyCodeResponse } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, lastSmsCode, smsSentTo, STACK_MODES } from './stack-modes';

const MANHATTAN = { lat: 40.758, lng: -73.9855 };

describe.each(STACK_MODES)('alerts by text message, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    // Basic members' item alerts leave the app at once here (5 minutes in production, docs/product-rules.md).
    ({ stack, dispose } = await mode.start({ RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', ALERT_DELAY_BASIC_SECONDS: '0' }));
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  /** A member signed in with a phone, on a plan, with SMS alerts as given, whose alert position is near Manhattan. */
  const member = async (tier: 'free' | 'basic', sms: boolean) => {
    const digits = `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const e164 = `+1${digits}`;
    const client = new ApiClient(stack.url);
    expect((await client.post('/api/auth/send-code', { phoneNumber: e164 })).status).toBeLessThan(300);
    const signedIn = await client.post<VerifyCodeResponse>('/api/auth/verify-code', { phoneNumber: e164, code: lastSmsCode(stack, e164), firstName: 'Rosa' });
    expect(signedIn.status).toBeLessThan(300);
    const { id } = signedIn.body.user as User;
    expect((await client.request('PATCH', `/api/users/${id}/subscription`, { tier })).status).toBe(200);
    // Quiet hours off: this test runs at any hour, and nothing is texted in them (reach.int-spec.ts covers those).
    expect((await client.request('PATCH', `/api/users/${id}/notification-preferences`, { enableSmsNotifications: sms, quietHours: 'off' })).status).toBe(200);
    expect((await client.request('PUT', `/api/notifications/${id}/position`, { lat: MANHATTAN.lat + 0.004, lng: MANHATTAN.lng })).status).toBe(200);
    return { client, id, e164 };
  };
  const outcomes = async (userId: string) =>
    (
      (await dataSourceOf(stack, 'users').query(`SELECT outcome FROM users.texted_alerts WHERE user_id = $1 ORDER BY created_at`, [userId])) as {
        outcome: string;
      }[]
    ).map((r) => r.outcome);
  const alertsOf = async (m: { client: ApiClient; id: string }) => (await m.client.get<unknown[]>(`/api/notifications/${m.id}`)).body.length;

  it(`texts nearby alerts to members who switched SMS on with a plan that has it, at most ${SMS_ALERTS_PER_HOUR} an hour, and never to the others`, async () => {
    const texted = await member('basic', true);
    const free = await member('free', true);
    const off = await member('basic', false);
    const poster = new ApiClient(stack.url);
    await poster.post('/api/users', {});
    // The members' plans and switches reach the notifications service by events.
    await waitFor(
      async () => {
        const [{ n }] = await dataSourceOf(stack, 'notifications').query(
          `SELECT count(*)::int AS n FROM notifications.members WHERE user_id = ANY ($1) AND tier = 'basic'`,
          [[texted.id, off.id]],
        );
        return n === 2;
      },
      { what: 'the plans mirrored' },
    );
    const posts = SMS_ALERTS_PER_HOUR + 1;
    for (let i = 0; i < posts; i++) {
      const posted = await poster.post<Item>('/api/items', { title: `Garden chair ${i}`, category: 'Furniture', location: MANHATTAN });
      expect(posted.status).toBe(201);
    }
    await waitFor(async () => (await outcomes(texted.id)).length === posts, { what: 'every alert handled', timeoutMs: 15_000 });
    expect((await outcomes(texted.id)).filter((o) => o === 'sent')).toHaveLength(SMS_ALERTS_PER_HOUR);
    expect(await outcomes(texted.id)).toContain('over_hourly_cap');
    const texts = smsSentTo(stack, texted.e164).filter((t) => t.startsWith('Curbside: New Item Nearby.'));
    expect(texts).toHaveLength(SMS_ALERTS_PER_HOUR);
    expect(texts[0]).toMatch(/^Curbside: New Item Nearby\. "Garden chair \d" was just posted 0\.\d mi from you$/);

    // The others get every alert in the app, and no text.
    await waitFor(async () => (await alertsOf(free)) === posts && (await alertsOf(off)) === posts, { what: 'the in-app alerts' });
    for (const m of [free, off]) {
      expect(await outcomes(m.id)).toEqual([]);
      expect(smsSentTo(stack, m.e164).filter((t) => t.startsWith('Curbside: New Item'))).toEqual([]);
    }
  });
});
