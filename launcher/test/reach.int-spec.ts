import { Item, PushPayload, User } from '@curbside/contracts';
import { ApiClient, MailReceiver, PushReceiver, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, newNeighbour, postWithPhoto, STACK_MODES } from './stack-modes';

/** Manhattan: members' time zone is America/New_York (from the position they report). */
const HERE = { lat: 40.758, lng: -73.9855 };
// Long enough that the premium push (within PREMIUM_WITHIN_MS) and the checks after it all come before the free plan's
// time on a machine busy with the rest of the suite.
const FREE_DELAY_S = 6;
const PREMIUM_WITHIN_MS = 4_000;

/** 'HH:MM-HH:MM' around the current New York time: quiet now. */
function quietNow(): string {
  const at = (offsetMinutes: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(Date.now() + offsetMinutes * 60_000),
    );
  return `${at(-60)}-${at(60)}`;
}

/**
 * Alerts beyond the app over HTTP in both modes (docs/product-rules.md, "Alert timing and channels"): Web Push to a
 * push service of the test's own on loopback that decrypts each push and checks its VAPID signature, on each plan's
 * timing, with quiet hours; subscriptions to other places refused, owner-only removal, 410 forgetting.
 */
describe.each(STACK_MODES)('alerts beyond the app, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;
  let receiver: PushReceiver;
  let mail: MailReceiver;

  beforeAll(async () => {
    receiver = await PushReceiver.start();
    mail = await MailReceiver.start();
    ({ stack, dispose } = await mode.start({
      SMTP_URL: mail.url,
      DIGEST_SWEEP_SECONDS: '0.5',
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${receiver.origin}`,
      ALERT_DELAY_FREE_SECONDS: String(FREE_DELAY_S),
      ALERT_DELAY_BASIC_SECONDS: '1',
    }));
    api = new ApiClient(stack.url);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
    await receiver?.close();
    await mail?.close();
  });

  /** A member near HERE on a plan, with the given quiet hours, whose browser subscribed to pushes as `name`. */
  const subscribed = async (name: string, tier: User['subscriptionTier'], quietHours = 'off') => {
    const { browser, user } = await newNeighbour(stack, api);
    if (tier !== 'free') expect((await browser.request('PATCH', `/api/users/${user.id}/subscription`, { tier })).status).toBe(200);
    expect((await browser.request('PATCH', `/api/users/${user.id}/notification-preferences`, { quietHours })).body).toMatchObject({ quietHours });
    expect((await browser.request('PUT', `/api/notifications/${user.id}/position`, { lat: HERE.lat + 0.003, lng: HERE.lng })).status).toBe(200);
    const created = await browser.post<{ id: string }>('/api/push/subscriptions', receiver.subscription(name));
    expect(created.status).toBe(201);
    return { browser, user, subscriptionId: created.body.id };
  };
  const mirrored = (userIds: string[], tier: string) =>
    waitFor(
      async () => {
        const [{ n }] = await dataSourceOf(stack, 'notifications').query(
          `SELECT count(*)::int AS n FROM notifications.members WHERE user_id = ANY ($1) AND tier = $2`,
          [userIds, tier],
        );
        return n === userIds.length;
      },
      { what: `the ${tier} plans mirrored` },
    );
  const payloads = (name: string) => receiver.to(name).map((p) => p.payload as PushPayload);

  it("pushes and shows a new item at once to premium and pro members, 15 minutes' worth later to free ones (in the app too), never pushed in quiet hours, signed with the public key", async () => {
    expect((await api.get('/api/push/public-key')).status).toBe(401);
    const { publicKey } = (await (await newNeighbour(stack, api)).browser.get<{ publicKey: string }>('/api/push/public-key')).body;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const tag = mode.name.slice(0, 3);
    const premium = await subscribed(`${tag}-premium`, 'premium');
    const pro = await subscribed(`${tag}-pro`, 'pro');
    const free = await subscribed(`${tag}-free`, 'free');
    const freeTab = await free.browser.eventStream('/api/events/stream');
    await freeTab.next((e) => e.event === 'count');
    const sleeping = await subscribed(`${tag}-quiet`, 'premium', quietNow());
    await mirrored([premium.user.id, sleeping.user.id], 'premium');
    await mirrored([pro.user.id], 'pro');
    await waitFor(async () => {
      const rows = await dataSourceOf(stack, 'notifications').query(`SELECT quiet_hours FROM notifications.members WHERE user_id = $1`, [sleeping.user.id]);
      return rows[0]?.quiet_hours !== 'off' && rows[0]?.quiet_hours !== undefined;
    });

    const poster = await newNeighbour(stack, api);
    const postedAt = Date.now();
    const item = (await poster.browser.post<Item>('/api/items', { title: 'Walnut bookcase', category: 'Furniture', location: HERE })).body;

    await receiver.until(
      () => receiver.to(`${tag}-premium`).length === 1 && receiver.to(`${tag}-pro`).length === 1,
      PREMIUM_WITHIN_MS,
      'the premium and pro pushes',
    );
    expect(payloads(`${tag}-premium`)[0]).toEqual({
      type: 'new_item_alert',
      title: 'New Item Nearby',
      message: expect.stringMatching(/^"Walnut bookcase" was just posted 0\.\d mi from you$/),
      url: `/items/${item.id}`,
      notificationId: expect.any(String),
    });
    expect(receiver.to(`${tag}-premium`)[0]).toMatchObject({ vapidKey: publicKey, ttl: expect.any(String) });
    expect(receiver.to(`${tag}-premium`)[0].receivedAt - postedAt).toBeLessThan(PREMIUM_WITHIN_MS);
    expect(receiver.to(`${tag}-free`)).toEqual([]);
    // In the app too, the free member's alert waits for the plan's time: not in the list, the count or the stream.
    expect((await free.browser.get<unknown[]>(`/api/notifications/${free.user.id}`)).body).toEqual([]);
    expect((await free.browser.get<{ count: number }>(`/api/notifications/${free.user.id}/count`)).body).toEqual({ count: 0 });
    expect(freeTab.events.filter((e) => e.event === 'notification')).toEqual([]);

    const shown = await freeTab.next((e) => e.event === 'notification', 15_000);
    expect(shown.receivedAt - postedAt).toBeGreaterThanOrEqual(FREE_DELAY_S * 1000 - 50);
    expect(JSON.parse(shown.data)).toMatchObject({ type: 'new_item_alert', title: 'New Item Nearby' });
    expect((await free.browser.get<{ type: string }[]>(`/api/notifications/${free.user.id}`)).body.map((n) => n.type)).toEqual(['new_item_alert']);
    await freeTab.close();

    await receiver.until(() => receiver.to(`${tag}-free`).length === 1, 15_000, 'the free push');
    expect(receiver.to(`${tag}-free`)[0].receivedAt - postedAt).toBeGreaterThanOrEqual(FREE_DELAY_S * 1000 - 50);
    expect(payloads(`${tag}-free`)[0]).toMatchObject({ type: 'new_item_alert', url: `/items/${item.id}` });
    // In quiet hours the alert stays in the app.
    expect(receiver.to(`${tag}-quiet`)).toEqual([]);
    expect((await sleeping.browser.get<{ type: string }[]>(`/api/notifications/${sleeping.user.id}`)).body.map((n) => n.type)).toEqual(['new_item_alert']);
    expect(receiver.refused).toEqual([]);
  });

  it('pushes "You\'re up" even in quiet hours', async () => {
    const tag = `${mode.name.slice(0, 3)}-up`;
    const poster = await newNeighbour(stack, api);
    const item = await postWithPhoto(poster.browser, { title: 'Floor lamp', category: 'Household', location: { lat: HERE.lat + 0.2, lng: HERE.lng } });
    const holder = await newNeighbour(stack, api);
    expect(await holder.browser.request('PATCH', `/api/items/${item.id}/claim`, {})).toMatchObject({ status: 200 });
    const next = await subscribed(tag, 'free', quietNow());
    expect((await next.browser.request('POST', `/api/items/${item.id}/queue`)).status).toBe(201);
    expect((await holder.browser.request('DELETE', `/api/items/${item.id}/hold`)).status).toBe(200);
    await receiver.until(() => receiver.to(tag).length === 1, 5000, "the You're up push");
    expect(payloads(tag)[0]).toMatchObject({ type: 'you_are_up', url: `/items/${item.id}` });
    expect(receiver.to(tag)[0].urgency).toBe('high');
  });

  it('accepts only the configured push services, lets only the owner remove a subscription, and forgets one the push service says is gone', async () => {
    const tag = `${mode.name.slice(0, 3)}-subs`;
    const { browser } = await newNeighbour(stack, api);
    const keys = receiver.subscription(`${tag}-x`).keys;
    for (const endpoint of [
      'https://evil.example/push',
      'http://127.0.0.1:1/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      expect(await browser.post('/api/push/subscriptions', { endpoint, keys })).toMatchObject({ status: 422, body: { code: 'PUSH.ENDPOINT_NOT_ALLOWED' } });
    }
    expect(
      await browser.post('/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'short', auth: keys.auth } }),
    ).toMatchObject({
      status: 400,
      body: { code: 'COMMON.VALIDATION_FAILED' },
    });
    expect((await new ApiClient(stack.url).post('/api/push/subscriptions', receiver.subscription(`${tag}-anon`))).status).toBe(401);

    const phone = receiver.subscription(`${tag}-phone`);
    const first = await browser.post<{ id: string }>('/api/push/subscriptions', phone);
    expect(first.status).toBe(201);
    // The same browser again: the same subscription.
    expect((await browser.post<{ id: string }>('/api/push/subscriptions', phone)).body.id).toBe(first.body.id);
    const other = await newNeighbour(stack, api);
    expect(await other.browser.request('DELETE', `/api/push/subscriptions/${first.body.id}`)).toMatchObject({
      status: 404,
      body: { code: 'PUSH.SUBSCRIPTION_NOT_FOUND' },
    });
    expect(await browser.request('DELETE', `/api/push/subscriptions/${first.body.id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect(await browser.request('DELETE', `/api/push/subscriptions/${first.body.id}`)).toMatchObject({ status: 404 });

    // A browser that unsubscribed: the push service answers 410, and the subscription is forgotten.
    const gone = await subscribed(`${tag}-gone`, 'premium');
    await mirrored([gone.user.id], 'premium');
    receiver.goneFor(`${tag}-gone`);
    const poster = await newNeighbour(stack, api);
    await poster.browser.post<Item>('/api/items', { title: 'Rattan chair', category: 'Furniture', location: HERE });
    await waitFor(
      async () =>
        (await dataSourceOf(stack, 'notifications').query(`SELECT 1 FROM notifications.push_subscriptions WHERE id = $1`, [gone.subscriptionId])).length === 0,
      {
        what: 'the gone subscription forgotten',
      },
    );

    // Signing out ends the session the browser subscribed in, and with it the browser's pushes ("Other devices" too).
    const leaving = await subscribed(`${tag}-leaving`, 'free');
    const staying = await leaving.browser.post<{ id: string }>('/api/push/subscriptions', receiver.subscription(`${tag}-staying`));
    expect((await leaving.browser.post('/api/auth/logout')).status).toBe(201);
    const kept = async () =>
      (
        await dataSourceOf(stack, 'notifications').query(`SELECT id FROM notifications.push_subscriptions WHERE id = ANY ($1::uuid[])`, [
          [leaving.subscriptionId, staying.body.id],
        ])
      ).length;
    await waitFor(async () => (await kept()) === 0, { what: 'the signed-out session’s subscriptions forgotten' });
  });

  /** The token of the newest link to `path` in the mails to an address. */
  const linkToken = (address: string, path: string) => {
    const found = [...mail.to(address)]
      .reverse()
      .map((m) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(m.text)?.[1])
      .find(Boolean);
    if (!found) throw new Error(`no ${path} link mailed to ${address}`);
    return found;
  };

  it('mails alerts only to a confirmed address (double opt-in), each with a one-click unsubscribe that needs no sign-in', async () => {
    const tag = `${mode.name.slice(0, 3)}-mail`;
    const member = await subscribed(tag, 'basic');
    const address = `${tag}-${member.user.id.slice(0, 8)}@example.org`;
    expect(await member.browser.request('PUT', `/api/users/${member.user.id}/email`, { email: 'not-an-address' })).toMatchObject({
      status: 400,
      body: { code: 'COMMON.VALIDATION_FAILED' },
    });
    const stranger = await newNeighbour(stack, api);
    expect(await stranger.browser.request('PUT', `/api/users/${member.user.id}/email`, { email: address })).toMatchObject({ status: 403 });
    expect(await member.browser.request('PUT', `/api/users/${member.user.id}/email`, { email: address.toUpperCase() })).toMatchObject({
      status: 202,
      body: { address, confirmed: false },
    });
    expect((await member.browser.request('PATCH', `/api/users/${member.user.id}/notification-preferences`, { enableEmailNotifications: true })).status).toBe(
      200,
    );
    await waitFor(() => mail.to(address).length === 1, { what: 'the confirmation mail' });
    expect(mail.to(address)[0].subject).toBe('Confirm your e-mail for Curbside alerts');
    await mirrored([member.user.id], 'basic');

    // Before the address is confirmed nothing but the confirmation goes to it: the alert is pushed, not mailed.
    const poster = await newNeighbour(stack, api);
    await poster.browser.post<Item>('/api/items', { title: 'Oak desk', category: 'Furniture', location: HERE });
    await receiver.until(() => receiver.to(tag).length === 1, 8000, 'the basic push');
    expect(mail.to(address)).toHaveLength(1);

    const token = linkToken(address, '/api/email/confirm');
    // A link that does not work answers a page too (a person opened it), with the status of its code.
    const unknown = await api.get<string>(`/api/email/confirm?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    expect(String(unknown.body)).toMatch(/<h1>This link does not work<\/h1>.*has expired or was already used/s);
    const cut = await api.get<string>('/api/email/confirm?token=abc');
    expect(cut.status).toBe(400);
    expect(String(cut.body)).toContain('This link is incomplete');
    const confirmed = await new ApiClient(stack.url).get<string>(`/api/email/confirm?token=${token}`);
    expect(confirmed.status).toBe(200);
    expect(String(confirmed.body)).toContain('E-mail confirmed');
    expect((await api.get(`/api/email/confirm?token=${token}`)).status).toBe(404);
    expect((await member.browser.get<User>(`/api/users/${member.user.id}`)).body.alertEmail).toEqual({ address, confirmed: true });

    await poster.browser.post<Item>('/api/items', { title: 'Brass lamp', category: 'Household', location: HERE });
    await waitFor(() => mail.to(address).length === 2, { what: 'the alert mail', timeoutMs: 8000 });
    const alert = mail.to(address)[1];
    expect(alert.subject).toBe('Curbside: New Item Nearby');
    expect(alert.text).toMatch(/"Brass lamp" was just posted 0\.\d mi from you/);
    const unsubscribe = String(alert.headers.get('list-unsubscribe'));
    expect(unsubscribe).toMatch(/^<http.*\/api\/email\/unsubscribe\?token=[\w-]+>$/);
    expect(alert.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Opening the link changes nothing; the one-click POST (a mail provider's, no cookie) switches e-mail alerts off.
    const link = new URL(unsubscribe.slice(1, -1));
    expect(String((await api.get(`${link.pathname}${link.search}`)).body)).toContain('Stop alert e-mails?');
    expect((await member.browser.get<User>(`/api/users/${member.user.id}`)).body.enableEmailNotifications).toBe(true);
    const oneClick = await fetch(`${stack.url}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await member.browser.get<User>(`/api/users/${member.user.id}`)).body.enableEmailNotifications).toBe(false);
  });

  it('sends at most 3 confirmation mails a day to one address, then answers 429 with when to try again', async () => {
    const address = `${mode.name.slice(0, 3)}-flood-${Date.now()}@example.org`;
    for (let i = 0; i < 3; i++) {
      const { browser, user } = await newNeighbour(stack, api);
      expect((await browser.request('PUT', `/api/users/${user.id}/email`, { email: address })).status).toBe(202);
    }
    const { browser, user } = await newNeighbour(stack, api);
    const refused = await browser.request<{ code: string; retryAfterSeconds: number }>('PUT', `/api/users/${user.id}/email`, { email: address });
    expect(refused).toMatchObject({ status: 429, body: { code: 'EMAIL.TOO_MANY_MAILS', retryAfterSeconds: expect.any(Number) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    await waitFor(() => mail.to(address).length === 3, { what: 'the three confirmation mails' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.to(address)).toHaveLength(3);
  });

  it('sends free members one digest at 18:00 in their time zone instead of single mails', async () => {
    const tag = `${mode.name.slice(0, 3)}-digest`;
    // An ocean spot whose time zone (Etc/GMT±n) is between 18:00 and 22:00 now.
    const utcHour = new Date().getUTCHours();
    const offset = [19, 20, 21, 18].map((h) => ((h - utcHour + 36) % 24) - 12).find((k) => Math.abs(k) <= 10) ?? 0;
    const spot = { lat: -60, lng: offset * 15 };
    const { browser, user } = await newNeighbour(stack, api);
    const address = `${tag}-${user.id.slice(0, 8)}@example.org`;
    expect((await browser.request('PATCH', `/api/users/${user.id}/notification-preferences`, { enableEmailNotifications: true })).status).toBe(200);
    expect((await browser.request('PUT', `/api/notifications/${user.id}/position`, spot)).status).toBe(200);
    expect((await browser.request('PUT', `/api/users/${user.id}/email`, { email: address })).status).toBe(202);
    await waitFor(() => mail.to(address).length === 1, { what: 'the confirmation mail' });
    expect((await api.get(`/api/email/confirm?token=${linkToken(address, '/api/email/confirm')}`)).status).toBe(200);

    const poster = await newNeighbour(stack, api);
    expect(
      await poster.browser.post<Item>('/api/items', { title: 'Sea chest', category: 'Furniture', location: { lat: spot.lat + 0.003, lng: spot.lng } }),
    ).toMatchObject({ status: 201 });
    await waitFor(async () => (await browser.get<unknown[]>(`/api/notifications/${user.id}`)).body.length === 1, { what: 'the in-app alert' });
    await waitFor(() => mail.to(address).length === 2, { what: 'the digest', timeoutMs: 10_000 });
    const digest = mail.to(address)[1];
    expect(digest.subject).toBe('Curbside: your alerts today (1)');
    expect(digest.text).toContain('New Item Nearby: "Sea chest" was just posted');
    expect(String(digest.headers.get('list-unsubscribe'))).toContain('/api/email/unsubscribe?token=');
    // Once a day.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mail.to(address)).toHaveLength(2);
  });
});
