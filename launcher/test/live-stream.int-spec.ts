import { Item, Notification, User, VerifyCodeResponse } from '@curbside/contracts';
import { ApiClient, EventStreamReader } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { lastSmsCode, STACK_MODES, waitOutSendInterval } from './stack-modes';

const MANHATTAN = { lat: 40.758, lng: -73.9855 };
const STREAM = '/api/events/stream';
/**
 * A live delivery arrives long before the 30 s count poll a tab without a stream falls back to. The alert's latency
 * itself is measured by the fan-out bench (its "live push to … open streams" case,
 * bench/src/scenarios/fanout.scenario.ts), not by this test, which runs on a busy machine.
 */
const LIVE_WITHIN_MS = 10_000;
const isNewItemAlert = (title: string) => (e: { event: string; data: string }) =>
  e.event === 'notification' && (JSON.parse(e.data) as Notification).message.includes(title);

describe.each(STACK_MODES)('the live stream, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  const streams: EventStreamReader[] = [];
  const open = async (client: ApiClient, options: { lastEventId?: string; baseUrl?: string } = {}) => {
    const stream = await client.eventStream(STREAM, options);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({ LIVE_HEARTBEAT_MS: '250', RATE_LIMIT_AUTH_PER_15_MINUTES: '1000' }));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    await stack?.close();
    await dispose?.();
  });

  /** A neighbour with a session whose alert position is `metresNorth` of Manhattan. */
  const neighbour = async (metresNorth: number) => {
    const client = new ApiClient(stack.url);
    const user = await client.post<User>('/api/users', { locationRadius: '2' });
    const position = await client.request('PUT', `/api/notifications/${user.body.id}/position`, {
      lat: MANHATTAN.lat + metresNorth / 110_540,
      lng: MANHATTAN.lng,
    });
    expect(position.status).toBe(200);
    return { client, id: user.body.id };
  };
  const post = (client: ApiClient, title: string) =>
    client.post<Item>('/api/items', { title, description: 'By the curb', category: 'Furniture', pricingType: 'free', location: MANHATTAN, timeLimit: 6 });

  it('is for signed-in members only', async () => {
    const response = await fetch(`${stack.url}${STREAM}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Please sign in first' });
  });

  it('brings a post to the stream of the neighbour it is near at once, in every tab and through every gateway, and never to the one far away', async () => {
    const near = await neighbour(800);
    const far = await neighbour(30_000);
    const poster = await neighbour(0);

    const nearTab = await open(near.client);
    const [replica] = stack.startGatewayReplica ? [await stack.startGatewayReplica()] : [];
    const nearOtherTab = await open(near.client.clone(), { baseUrl: replica?.url });
    const farTab = await open(far.client);
    for (const tab of [nearTab, nearOtherTab, farTab]) {
      expect(tab.response.status).toBe(200);
      expect(tab.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await tab.next((e) => e.event === 'count');
      expect(tab.data('count')).toEqual([{ count: 0 }]);
      expect(tab.retry).toBe(3000);
    }

    const posted = await post(poster.client, 'Walnut bookcase');
    expect(posted.status).toBe(201);
    const answeredAt = Date.now();
    for (const tab of [nearTab, nearOtherTab]) {
      const alert = await tab.next(isNewItemAlert('Walnut bookcase'), LIVE_WITHIN_MS + 2_000);
      expect(alert.receivedAt - answeredAt).toBeLessThanOrEqual(LIVE_WITHIN_MS);
      expect(alert.id).toMatch(/^\d+$/);
      // Measured from the item's public (blurred) position: 0.5 mile give or take the blur.
      expect(JSON.parse(alert.data)).toMatchObject({
        type: 'new_item_alert',
        title: 'New Item Nearby',
        message: expect.stringMatching(/^"Walnut bookcase" was just posted 0\.[4-6] mi from you$/),
        isRead: false,
      });
      await tab.next((e) => e.event === 'count' && JSON.parse(e.data).count === 1);
    }
    // Give a stray delivery time to show up before saying there was none.
    await new Promise((r) => setTimeout(r, 500));
    expect(farTab.events.filter((e) => e.event === 'notification')).toEqual([]);
    expect(farTab.data('count')).toEqual([{ count: 0 }]);
    // The poster's own post is no news to the poster (the First Post Badge is).
    const posterInbox = await poster.client.get<Notification[]>(`/api/notifications/${poster.id}`);
    expect(posterInbox.body.map((n) => n.type)).not.toContain('new_item_alert');
  });

  it('tells every tab when notifications are read, keeps idle streams alive, and resumes from Last-Event-ID', async () => {
    const near = await neighbour(500);
    const poster = await neighbour(0);
    const tab = await open(near.client);
    const otherTab = await open(near.client.clone());
    await post(poster.client, 'Teak stool');
    const first = await tab.next(isNewItemAlert('Teak stool'));
    await otherTab.next(isNewItemAlert('Teak stool'));

    const readAll = await near.client.request('PATCH', `/api/notifications/${near.id}/read-all`);
    expect(readAll.status).toBe(200);
    for (const t of [tab, otherTab]) await t.next((e) => e.event === 'count' && JSON.parse(e.data).count === 0);
    for (let i = 0; i < 100 && tab.comments === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tab.comments).toBeGreaterThan(0);

    await tab.close();
    await otherTab.close();
    await post(poster.client, 'Pine crate');
    await post(poster.client, 'Brass lamp');
    const inbox = async () => (await near.client.get<Notification[]>(`/api/notifications/${near.id}?unreadOnly=true`)).body;
    for (let i = 0; i < 100 && (await inbox()).length < 2; i++) await new Promise((r) => setTimeout(r, 50));

    const resumed = await open(near.client, { lastEventId: first.id });
    await resumed.next((e) => e.event === 'count');
    // In the order they were written (two posts' alerts may be written in either order).
    const caughtUp = resumed.data<Notification>('notification').map((n) => n.message.replace(/ was just posted .*/, ''));
    expect(caughtUp.sort()).toEqual(['"Brass lamp"', '"Pine crate"']);
    expect(resumed.data('count')).toEqual([{ count: 2 }]);
    // A cursor that is not one of ours is ignored, not an error.
    const odd = await open(near.client, { lastEventId: '1; DROP TABLE x' });
    await odd.next((e) => e.event === 'count');
    expect(odd.data('notification')).toEqual([]);
  });

  it("ends every open stream of a session when it signs out, on every gateway, and leaves the member's other sessions and other members streaming", async () => {
    // One member signed in on two browsers (two sessions), by phone.
    const digits = `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const phone = { typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, e164: `+1${digits}` };
    const laptop = new ApiClient(stack.url);
    await laptop.post('/api/auth/send-code', { phoneNumber: phone.typed });
    const account = await laptop.post<VerifyCodeResponse>('/api/auth/verify-code', {
      phoneNumber: phone.typed,
      code: lastSmsCode(stack, phone.e164),
      firstName: 'Lena',
    });
    expect(account.body.success).toBe(true);
    await waitOutSendInterval(stack, phone.e164);
    const phoneBrowser = new ApiClient(stack.url);
    await phoneBrowser.post('/api/auth/send-code', { phoneNumber: phone.typed });
    const signIn = await phoneBrowser.post<VerifyCodeResponse>('/api/auth/verify-code', { phoneNumber: phone.typed, code: lastSmsCode(stack, phone.e164) });
    expect(signIn.body.user?.id).toBe(account.body.user?.id);
    const other = await neighbour(200);

    // The laptop's session streams in two tabs, one of them through another gateway replica where there is one.
    const [replica] = stack.startGatewayReplica ? [await stack.startGatewayReplica()] : [];
    const laptopTab = await open(laptop);
    const laptopTabElsewhere = await open(laptop.clone(), { baseUrl: replica?.url });
    const phoneTab = await open(phoneBrowser);
    const otherTab = await open(other.client);
    for (const tab of [laptopTab, laptopTabElsewhere, phoneTab, otherTab]) await tab.next((e) => e.event === 'count');

    // Signed out through the first gateway: its streams end there and on the replica.
    const laptopAfterwards = laptop.clone();
    const logout = await laptop.post('/api/auth/logout', {});
    expect(logout.status).toBeLessThan(300);
    for (let i = 0; i < 150 && !(laptopTab.isEnded && laptopTabElsewhere.isEnded); i++) await new Promise((r) => setTimeout(r, 20));
    expect(laptopTab.isEnded).toBe(true);
    expect(laptopTabElsewhere.isEnded).toBe(true);
    // The browser's reconnect is refused: the session is gone.
    expect((await open(laptopAfterwards)).response.status).toBe(401);

    // The member's phone session and the other member still stream, and still get news.
    await new Promise((r) => setTimeout(r, 300));
    expect(phoneTab.isEnded).toBe(false);
    expect(otherTab.isEnded).toBe(false);
    const poster = await neighbour(0);
    await post(poster.client, 'Oak sideboard');
    await otherTab.next(isNewItemAlert('Oak sideboard'), LIVE_WITHIN_MS);
  });

  it('keeps at most ten streams per member, closing the oldest', async () => {
    const member = await neighbour(100);
    const tabs: EventStreamReader[] = [];
    for (let i = 0; i < 11; i++) {
      const tab = await open(member.client.clone());
      await tab.next((e) => e.event === 'count');
      tabs.push(tab);
    }
    for (let i = 0; i < 100 && !tabs[0].isEnded; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tabs[0].isEnded).toBe(true);
    expect(tabs.slice(1).every((t) => !t.isEnded)).toBe(true);
  });
});
