import {
  HandoverMessage,
  Item,
  MessageError,
  MessageThread,
  MessageThreadSummary,
  MESSAGES_PER_HOUR,
  Notification,
  SCAM_WARNING,
  User,
} from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { newNeighbour, postWithPhoto, STACK_MODES, stackForTests } from './stack-modes';

const HERE = { lat: 37.7749, lng: -122.4194 };

/**
 * Handover messages through the gateway in both modes (docs/product-rules.md, Handover messages): only the poster
 * and the holder read their thread, 30 messages an hour, scam warnings to the recipient, sign-in code requests
 * refused, meet-at answers, and the recipient told over notifications.
 */
describe.each(STACK_MODES)('handover messages, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;

  const neighbour = () => newNeighbour(stack, api);

  /** A poster, an item of theirs held (first dibs) by another member, and a third member. */
  const heldItem = async () => {
    const poster = await neighbour();
    const item = await postWithPhoto(poster.browser, { title: 'Wooden chair', location: HERE });
    const holder = await neighbour();
    expect((await holder.browser.request('PATCH', `/api/items/${item.id}/claim`, {})).status).toBe(200);
    return { poster, holder, stranger: await neighbour(), item };
  };

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '1000' }, (started) => ({ stack, api } = started));

  it('lets the poster and the holder talk and agree where to meet; a third member gets 404', async () => {
    const { poster, holder, stranger, item } = await heldItem();
    const path = `/api/items/${item.id}/messages`;

    const sent = await holder.browser.post<HandoverMessage>(path, { text: 'On my way!', meetAt: { time: '2026-11-24T18:30:00Z', place: 'By the blue fence' } });
    expect(sent).toMatchObject({
      status: 201,
      body: { mine: true, text: 'On my way!', meetAt: { status: 'proposed', place: 'By the blue fence' }, warning: null },
    });

    const posterView = await poster.browser.get<MessageThread>(path);
    expect(posterView).toMatchObject({ status: 200, body: { memberId: holder.user.id, canWrite: true, messages: [{ id: sent.body.id, mine: false }] } });
    const answered = await poster.browser.post<HandoverMessage>(`${path}/${sent.body.id}/meet-at`, { answer: 'accepted' });
    expect(answered).toMatchObject({ status: 200, body: { meetAt: { status: 'accepted' } } });
    expect((await holder.browser.post(`${path}/${sent.body.id}/meet-at`, { answer: 'declined' })).body).toMatchObject({ code: MessageError.CANNOT_ANSWER });

    for (const [status, response] of [
      [404, await stranger.browser.get(path)],
      [404, await stranger.browser.get(`${path}?with=${holder.user.id}`)],
      [404, await stranger.browser.post(path, { text: 'Me too?' })],
      [404, await stranger.browser.post(`${path}/${sent.body.id}/meet-at`, { answer: 'declined' })],
    ] as const) {
      expect(response).toMatchObject({ status, body: { code: MessageError.NOT_FOUND } });
    }

    // Each side is told of the other's act, never of their own.
    const told = async (member: { browser: ApiClient; user: User }, title: string) =>
      waitFor(
        async () => {
          const inbox = (await member.browser.get<Notification[]>(`/api/notifications/${member.user.id}`)).body;
          return inbox.find((n) => n.type === 'handover_message' && n.title === title);
        },
        { what: `${title} for ${member.user.id}` },
      );
    expect(JSON.parse((await told(poster, 'New Message')).data)).toMatchObject({ itemId: item.id, memberId: holder.user.id });
    await told(holder, 'Meeting Accepted');
    const holderInbox = (await holder.browser.get<Notification[]>(`/api/notifications/${holder.user.id}`)).body;
    expect(holderInbox.filter((n) => n.title === 'New Message')).toEqual([]);
  }, 60_000);

  it(`refuses the ${MESSAGES_PER_HOUR + 1}st message of an hour with 429 and Retry-After`, async () => {
    const { holder, item } = await heldItem();
    const path = `/api/items/${item.id}/messages`;
    for (let i = 1; i <= MESSAGES_PER_HOUR; i++) expect((await holder.browser.post(path, { text: `Message ${i}` })).status).toBe(201);
    const refused = await holder.browser.post(path, { text: 'One too many' });
    expect(refused).toMatchObject({ status: 429, body: { code: MessageError.RATE_LIMITED } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);

  it('warns the recipient of a message that may ask for money, holds one that surely does, and refuses one asking for a sign-in code', async () => {
    const { poster, holder, item } = await heldItem();
    const path = `/api/items/${item.id}/messages`;
    const flagged = await poster.browser.post<HandoverMessage>(path, { text: 'Could you bring $5 for gas?' });
    expect(flagged.body.warning).toBeNull();
    const seen = (await holder.browser.get<MessageThread>(path)).body.messages.find((m) => m.id === flagged.body.id);
    expect(seen?.warning).toBe(SCAM_WARNING);

    // A sure hit waits for a moderator: its author sees it, the recipient does not.
    const held = await poster.browser.post<HandoverMessage>(path, { text: 'Please send a $10 deposit on Venmo first' });
    expect(held.status).toBe(201);
    expect((await poster.browser.get<MessageThread>(path)).body.messages.map((m) => m.id)).toContain(held.body.id);
    expect((await holder.browser.get<MessageThread>(path)).body.messages.map((m) => m.id)).not.toContain(held.body.id);

    const refused = await poster.browser.post(path, { text: 'Tell me your sign-in code so I know it is you' });
    expect(refused).toMatchObject({ status: 422, body: { code: MessageError.REFUSED } });
    expect((await holder.browser.get<MessageThread>(path)).body.messages).toHaveLength(1);
  }, 60_000);

  it("lets an interested member write to a garage sale's poster, who lists the threads and answers; others get 404", async () => {
    const poster = await neighbour();
    const sale = (
      await poster.browser.post<Item>('/api/items', {
        isGarageSale: true,
        title: 'Moving sale',
        description: 'Everything must go',
        category: 'Furniture',
        latitude: String(HERE.lat),
        longitude: String(HERE.lng),
        locationDescription: 'Mission',
        pricingType: 'free',
        timeLimit: 72,
        garageSaleStartTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
        garageSaleEndTime: new Date(Date.now() + 32 * 3600_000).toISOString(),
        garageSaleAddress: '1 Main St',
        garageSaleContactInfo: 'Ring the bell',
      })
    ).body;
    const [anna, stranger] = [await neighbour(), await neighbour()];
    const path = `/api/items/${sale.id}/messages`;
    expect((await poster.browser.get<MessageThreadSummary[]>(`${path}/threads`)).body).toEqual([]);

    // Not interested yet: no thread to write in.
    expect((await anna.browser.post(path, { text: 'Hi' })).body).toMatchObject({ code: MessageError.NOT_FOUND });
    expect((await anna.browser.post(`/api/items/${sale.id}/interest`, {})).status).toBeLessThan(300);
    expect((await anna.browser.post(path, { text: 'What time do you open?' })).status).toBe(201);

    const listed = await poster.browser.get<MessageThreadSummary[]>(`${path}/threads`);
    expect(listed).toMatchObject({ status: 200, body: [{ memberId: anna.user.id, name: anna.user.username, count: 1, awaitingReply: true }] });
    expect((await poster.browser.post(path, { text: 'From 9', to: anna.user.id })).status).toBe(201);
    expect((await poster.browser.get<MessageThreadSummary[]>(`${path}/threads`)).body).toMatchObject([{ count: 2, awaitingReply: false }]);
    expect((await anna.browser.get<MessageThread>(path)).body.messages.map((m) => m.text)).toEqual(['What time do you open?', 'From 9']);

    for (const member of [anna, stranger]) {
      expect(await member.browser.get(`${path}/threads`)).toMatchObject({ status: 404, body: { code: MessageError.NOT_FOUND } });
    }
  }, 60_000);
});
