import { ErrorCode, Notification, PostedItem, SavedSearch, SavedSearchError, WantedPost } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, Neighbour, newNeighbour, STACK_MODES, stackForTests } from './stack-modes';

const HERE = { lat: 39.7392, lng: -104.9903 };

/**
 * Saved searches and wanted posts through the gateway in both modes (docs/product-rules.md, "Saved searches"): the
 * plan's count and radius, one saved_search_match alert per member when a matching item is posted (through the
 * items service's reaction and the notifications service's), the wanted list blurred, the poster told the count.
 */
describe.each(STACK_MODES)('saved searches, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;

  const neighbour = () => newNeighbour(stack, api);
  const save = (member: Neighbour, body: Record<string, unknown>) =>
    member.browser.post<SavedSearch>('/api/saved-searches', { query: 'desk', radius: 5, location: HERE, ...body });
  const choosePlan = async (member: Neighbour, tier: string) => {
    expect((await member.browser.request('PATCH', `/api/users/${member.user.id}/subscription`, { tier })).status).toBe(200);
    await waitFor(
      async () =>
        (await dataSourceOf(stack, 'items').query('SELECT 1 FROM items.posters WHERE user_id = $1 AND subscription_tier = $2', [member.user.id, tier]))
          .length === 1,
    );
  };
  const matchAlerts = async (member: Neighbour) =>
    (await member.browser.get<Notification[]>(`/api/notifications/${member.user.id}`)).body.filter((n) => n.type === 'saved_search_match');

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '1000' }, (started) => ({ stack, api } = started));

  it("keeps the plan's count and radius, refuses bad input and strangers, and lets only the owner delete", async () => {
    const [member, other] = [await neighbour(), await neighbour()];
    const first = await save(member, { location: { ...HERE, label: 'Home' } });
    expect(first).toMatchObject({ status: 201, body: { query: 'desk', words: ['desk'], radius: 5, isPublic: false, location: { ...HERE, label: 'Home' } } });
    expect(await save(member, { query: 'lamp' })).toMatchObject({
      status: 409,
      body: { code: SavedSearchError.LIMIT_REACHED, message: expect.stringMatching(/Free plan keeps 1 saved search/) },
    });
    expect(await save(member, { radius: 10 })).toMatchObject({ status: 403, body: { code: SavedSearchError.RADIUS_OVER_PLAN } });
    await choosePlan(member, 'basic');
    expect((await save(member, { query: 'lamp', radius: 10 })).status).toBe(201);
    expect((await save(member, { query: 'rug' })).status).toBe(201);
    expect(await save(member, { query: 'sofa' })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/Basic plan keeps 3 saved searches/) } });
    expect((await member.browser.get<SavedSearch[]>('/api/saved-searches')).body.map((s) => s.query)).toEqual(['desk', 'lamp', 'rug']);

    for (const bad of [
      { query: '' },
      { query: 'x'.repeat(101) },
      { radius: 0 },
      { location: { lat: 91, lng: 0 } },
      { category: 'Cars' },
      { isPublic: 'yes' },
    ]) {
      expect(await save(other, bad)).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION_FAILED } });
    }
    expect((await api.anotherBrowser().post('/api/saved-searches', { query: 'desk', radius: 5, location: HERE })).status).toBe(401);
    expect((await other.browser.get<SavedSearch[]>('/api/saved-searches')).body).toEqual([]);

    expect(await other.browser.request('DELETE', `/api/saved-searches/${first.body.id}`)).toMatchObject({
      status: 404,
      body: { code: SavedSearchError.NOT_FOUND },
    });
    expect(await member.browser.request('DELETE', `/api/saved-searches/${first.body.id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect((await member.browser.get<SavedSearch[]>('/api/saved-searches')).body).toHaveLength(2);
    expect((await member.browser.request('DELETE', '/api/saved-searches/not-an-id')).status).toBe(400);
  }, 60_000);

  it('tells the poster how many neighbours want the item and alerts each matching member exactly once; the wanted list is blurred', async () => {
    const [poster, searcher, wanter, elsewhere] = [await neighbour(), await neighbour(), await neighbour(), await neighbour()];
    expect((await save(searcher, { query: 'oak desk' })).status).toBe(201);
    const wanted = await save(wanter, { query: 'desk', isPublic: true, location: { ...HERE, label: '12 Elm St' } });
    expect(wanted.status).toBe(201);
    expect((await save(elsewhere, { location: { lat: HERE.lat + 1, lng: HERE.lng } })).status).toBe(201);
    expect((await save(poster, {})).status).toBe(201);

    // The wanted list: the post at its blurred place, the author's public name, never the place's name.
    const listed = await api.anotherBrowser().get<WantedPost[]>(`/api/wanted?lat=${HERE.lat}&lng=${HERE.lng}&radius=2`);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-radius-cap')).toBe('5');
    const post = listed.body.find((p) => p.id === wanted.body.id);
    expect(post).toMatchObject({ query: 'desk', member: { id: wanter.user.id, publicName: expect.any(String) } });
    const metres = Math.hypot((post!.location.lat - HERE.lat) * 111_320, (post!.location.lng - HERE.lng) * 111_320 * Math.cos((HERE.lat * Math.PI) / 180));
    expect(metres).toBeGreaterThan(70);
    expect(JSON.stringify(listed.body)).not.toContain('Elm');
    expect(listed.body.map((p) => p.member.id)).toEqual([wanter.user.id]);
    expect((await api.anotherBrowser().get('/api/wanted?lat=91&lng=0')).status).toBe(400);

    const posted = await poster.browser.post<PostedItem>('/api/items', {
      title: 'Oak desk',
      description: 'Two drawers',
      category: 'Furniture',
      location: HERE,
    });
    expect(posted).toMatchObject({ status: 201, body: { wantedBy: 1 } });

    for (const member of [searcher, wanter]) await waitFor(async () => (await matchAlerts(member)).length > 0, { what: 'the saved-search alert' });
    const [toWanter] = await matchAlerts(wanter);
    expect(toWanter).toMatchObject({ title: 'Something You Wanted', message: expect.stringContaining('"Oak desk"') });
    expect(JSON.parse(toWanter.data)).toEqual({ itemId: posted.body.id, wanted: true });
    expect(JSON.parse((await matchAlerts(searcher))[0].data)).toEqual({ itemId: posted.body.id, wanted: false });
    // Once each, and never to the poster or a member whose place is out of range.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const member of [searcher, wanter]) expect(await matchAlerts(member)).toHaveLength(1);
    for (const member of [poster, elsewhere]) expect(await matchAlerts(member)).toEqual([]);

    // Nothing in the post's answer for an item nobody wants.
    expect((await poster.browser.post<PostedItem>('/api/items', { title: 'Garden hose', category: 'Other', location: HERE })).body.wantedBy).toBe(0);
  }, 60_000);
});
