import { BlockError, BlockedMember, Comment, Item, ItemError, MessageError } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, Neighbour, newNeighbour, PICKUP_PHOTO, postWithPhoto, STACK_MODES, stackForTests } from './stack-modes';

const HERE = { lat: 37.7749, lng: -122.4194 };

/**
 * Blocking through the gateway in both modes (docs/product-rules.md, Blocking): the block lives in the users
 * service and reaches the items service as an event; a blocked member finds the blocker's items unavailable
 * (comment, hold, claim, queue, message) and the blocker stops seeing their items and comments. Nobody is told.
 */
describe.each(STACK_MODES)('blocking, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;

  const neighbour = () => newNeighbour(stack, api);

  const post = async (member: Neighbour, title: string) => {
    return postWithPhoto(member.browser, { title, location: HERE });
  };
  /** Waits until the items service has applied the pair's newest block change. */
  const applied = (blocker: Neighbour, blocked: Neighbour, state: boolean) =>
    waitFor(
      async () =>
        (
          await dataSourceOf(stack, 'items').query('SELECT 1 FROM items.blocks WHERE blocker_id = $1 AND blocked_id = $2 AND blocked = $3', [
            blocker.user.id,
            blocked.user.id,
            state,
          ])
        ).length === 1,
      { what: `block ${state} applied by items` },
    );
  const feedIds = async (member: Neighbour) => (await member.browser.get<Item[]>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`)).body.map((i) => i.id);

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '1000' }, (started) => ({ stack, api } = started));

  it('refuses a blocked member on comment, hold, claim, queue and message, as if the item were unavailable', async () => {
    const [poster, blocked, other] = [await neighbour(), await neighbour(), await neighbour()];
    const free = await post(poster, 'Oak desk');
    const heldByBlocked = await post(poster, 'Lamp');
    const heldByOther = await post(poster, 'Rug');
    expect((await blocked.browser.request('PATCH', `/api/items/${heldByBlocked.id}/claim`, {})).status).toBe(200);
    expect((await other.browser.request('PATCH', `/api/items/${heldByOther.id}/claim`, {})).status).toBe(200);
    expect((await blocked.browser.post(`/api/items/${heldByBlocked.id}/messages`, { text: 'On my way' })).status).toBe(201);

    expect(await poster.browser.post(`/api/users/${blocked.user.id}/block`, {})).toMatchObject({
      status: 200,
      body: { userId: blocked.user.id, blocked: true },
    });
    await applied(poster, blocked, true);

    const unavailable = { status: 409, body: { code: ItemError.NOT_AVAILABLE } };
    expect(await blocked.browser.post(`/api/items/${free.id}/comments`, { content: 'Still there?' })).toMatchObject(unavailable);
    expect(await blocked.browser.request('PATCH', `/api/items/${free.id}/claim`, {})).toMatchObject(unavailable);
    expect(await blocked.browser.post(`/api/items/${free.id}/validate-pickup`, { pickupPhoto: PICKUP_PHOTO.toString('base64') })).toMatchObject(unavailable);
    expect(await blocked.browser.request('POST', `/api/items/${heldByOther.id}/queue`)).toMatchObject(unavailable);
    expect(await blocked.browser.post(`/api/items/${free.id}/vote`, {})).toMatchObject(unavailable);
    expect(await blocked.browser.post(`/api/items/${free.id}/still-there`, { stillThere: false })).toMatchObject(unavailable);
    expect(await blocked.browser.post(`/api/items/${heldByBlocked.id}/messages`, { text: 'Hello?' })).toMatchObject({
      status: 404,
      body: { code: MessageError.NOT_FOUND },
    });
    expect(await blocked.browser.get(`/api/items/${heldByBlocked.id}/messages`)).toMatchObject({ status: 404, body: { code: MessageError.NOT_FOUND } });
    // Nothing says "blocked" anywhere.
    for (const r of [await blocked.browser.post(`/api/items/${free.id}/comments`, { content: 'x' })]) expect(JSON.stringify(r.body)).not.toMatch(/block/i);
    // Everyone else goes on as before.
    expect((await other.browser.post(`/api/items/${free.id}/comments`, { content: 'Still there?' })).status).toBe(201);

    // Unblocked: the member may act again.
    expect(await poster.browser.request('DELETE', `/api/users/${blocked.user.id}/block`)).toMatchObject({ status: 200, body: { blocked: false } });
    await applied(poster, blocked, false);
    expect((await blocked.browser.post(`/api/items/${free.id}/comments`, { content: 'Still there?' })).status).toBe(201);
  }, 60_000);

  it("hides the blocked member's items and comments from the blocker only, lists them, and refuses blocking oneself", async () => {
    const [blocker, blocked, other] = [await neighbour(), await neighbour(), await neighbour()];
    const theirs = await post(blocked, 'Bookshelf');
    const othersItem = await post(other, 'Armchair');
    expect((await blocked.browser.post<Comment>(`/api/items/${othersItem.id}/comments`, { content: 'Nice chair' })).status).toBe(201);
    expect(await feedIds(blocker)).toContain(theirs.id);

    await blocker.browser.post(`/api/users/${blocked.user.id}/block`, {});
    await applied(blocker, blocked, true);

    expect(await feedIds(blocker)).not.toContain(theirs.id);
    expect(await feedIds(blocker)).toContain(othersItem.id);
    expect(await feedIds(other)).toContain(theirs.id);
    const search = await blocker.browser.get<Item[]>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=5&q=Bookshelf`);
    expect(search.body.map((i) => i.id)).not.toContain(theirs.id);
    const top = await blocker.browser.get<{ id: string }[] | { items: { id: string }[] }>(`/api/top-finds?lat=${HERE.lat}&lng=${HERE.lng}&radius=5`);
    expect(JSON.stringify(top.body)).not.toContain(theirs.id);
    const comments = async (member: Neighbour) => (await member.browser.get<Comment[]>(`/api/items/${othersItem.id}/comments`)).body.map((c) => c.user.id);
    expect(await comments(blocker)).not.toContain(blocked.user.id);
    expect(await comments(other)).toContain(blocked.user.id);

    expect((await blocker.browser.get<BlockedMember[]>('/api/blocks')).body.map((b) => b.userId)).toEqual([blocked.user.id]);
    expect((await blocked.browser.get<BlockedMember[]>('/api/blocks')).body).toEqual([]);
    expect(await blocker.browser.post(`/api/users/${blocker.user.id}/block`, {})).toMatchObject({ status: 400, body: { code: BlockError.SELF } });

    await blocker.browser.request('DELETE', `/api/users/${blocked.user.id}/block`);
    await applied(blocker, blocked, false);
    expect(await feedIds(blocker)).toContain(theirs.id);
    expect((await blocker.browser.get<BlockedMember[]>('/api/blocks')).body).toEqual([]);
  }, 60_000);
});
