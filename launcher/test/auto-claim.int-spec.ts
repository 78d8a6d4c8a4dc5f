import { AUTO_CLAIMS_PER_DAY, Item, Notification, SavedSearch, SavedSearchError } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, Neighbour, newNeighbour, postWithPhoto, STACK_MODES, stackForTests } from './stack-modes';

const HERE = { lat: 45.5152, lng: -122.6784 };

/**
 * Pro's auto-claim through the gateway in both modes (docs/product-rules.md, "Auto-claim"): only Pro can switch it
 * on (the plan as the users service told the items service); a matching new item is held for the first such member
 * and the next joins its line, each told at once; never the poster's own item, never past the daily count.
 */
describe.each(STACK_MODES)('auto-claim, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;

  const choosePlan = async (member: Neighbour, tier: string) => {
    expect((await member.browser.request('PATCH', `/api/users/${member.user.id}/subscription`, { tier })).status).toBe(200);
    await waitFor(
      async () =>
        (await dataSourceOf(stack, 'items').query('SELECT 1 FROM items.posters WHERE user_id = $1 AND subscription_tier = $2', [member.user.id, tier]))
          .length === 1,
    );
  };
  const autoClaiming = async (words: string) => {
    const member = await newNeighbour(stack, api);
    await choosePlan(member, 'pro');
    const search = await member.browser.post<SavedSearch>('/api/saved-searches', { query: words, radius: 5, location: HERE });
    expect(search).toMatchObject({ status: 201, body: { autoClaim: false } });
    expect(await member.browser.request('PATCH', `/api/saved-searches/${search.body.id}`, { autoClaim: true })).toMatchObject({
      status: 200,
      body: { id: search.body.id, autoClaim: true },
    });
    return { ...member, searchId: search.body.id };
  };
  const post = async (poster: Neighbour, title: string) => {
    return postWithPhoto(poster.browser, { title, location: HERE });
  };
  const alertsAbout = async (member: Neighbour, itemId: string) =>
    (await member.browser.get<Notification[]>(`/api/notifications/${member.user.id}`)).body.filter(
      (n) => n.type === 'saved_search_match' && JSON.parse(n.data).itemId === itemId,
    );

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '1000' }, (started) => ({ stack, api } = started));

  it('lets only Pro switch it on, only on their own search, and off again on any plan', async () => {
    const member = await newNeighbour(stack, api);
    await choosePlan(member, 'premium');
    const search = (await member.browser.post<SavedSearch>('/api/saved-searches', { query: 'lamp', radius: 5, location: HERE })).body;
    expect(await member.browser.request('PATCH', `/api/saved-searches/${search.id}`, { autoClaim: true })).toMatchObject({
      status: 403,
      body: { code: SavedSearchError.PLAN_REQUIRED, message: expect.stringContaining('Pro plan') },
    });
    expect((await member.browser.get<SavedSearch[]>('/api/saved-searches')).body[0].autoClaim).toBe(false);
    expect(await member.browser.request('PATCH', `/api/saved-searches/${search.id}`, { autoClaim: 'yes' })).toMatchObject({ status: 400 });
    expect(await member.browser.request('PATCH', `/api/saved-searches/${search.id}`, { autoClaim: false })).toMatchObject({
      status: 200,
      body: { autoClaim: false },
    });

    const pro = await autoClaiming('lamp');
    expect(await pro.browser.request('PATCH', `/api/saved-searches/${search.id}`, { autoClaim: true })).toMatchObject({
      status: 404,
      body: { code: SavedSearchError.NOT_FOUND },
    });
    expect((await api.anotherBrowser().request('PATCH', `/api/saved-searches/${pro.searchId}`, { autoClaim: false })).status).toBe(401);
  });

  it('holds a matching new item for the first Pro member and puts the next in its line, each told at once; never the poster’s own', async () => {
    const first = await autoClaiming('walnut dresser');
    const second = await autoClaiming('dresser');
    const poster = await autoClaiming('walnut'); // the poster's own search matches too: never for them
    const item = await post(poster, 'Walnut dresser');

    await waitFor(async () => (await alertsAbout(first, item.id)).length === 1 && (await alertsAbout(second, item.id)).length === 1, {
      what: 'both auto-claim alerts',
    });
    const holder = (await alertsAbout(first, item.id))[0].title === 'Auto-Claimed For You' ? first : second;
    const waiting = holder === first ? second : first;
    expect((await alertsAbout(holder, item.id))[0]).toMatchObject({ title: 'Auto-Claimed For You', message: expect.stringContaining('is held for you') });
    expect(JSON.parse((await alertsAbout(holder, item.id))[0].data)).toEqual({ itemId: item.id, wanted: false, autoClaimed: 'held' });
    expect((await alertsAbout(waiting, item.id))[0]).toMatchObject({ title: 'In Line For You', message: expect.stringContaining('you joined its line') });
    // One alert for the hold: once the poster has heard of it (the same event), the holder has no First Dibs confirmation.
    const about = async (member: Neighbour, type: string) =>
      (await member.browser.get<Notification[]>(`/api/notifications/${member.user.id}`)).body.filter(
        (n) => n.type === type && JSON.parse(n.data).itemId === item.id,
      );
    await waitFor(async () => (await about(poster, 'pickup_request')).length === 1, { what: "the poster's Pickup Request" });
    expect(await about(holder, 'first_dibs_confirmation')).toEqual([]);

    const seen = (await holder.browser.get<Item>(`/api/items/${item.id}`)).body;
    expect(seen).toMatchObject({ status: 'first_dibs', reservedById: holder.user.id });
    expect((await waiting.browser.get<Item>(`/api/items/${item.id}`)).body).toMatchObject({ queuePosition: 1 });
    expect(await alertsAbout(poster, item.id)).toEqual([]);
    // The same places as a member's own request: holding it again or joining again is refused.
    expect((await waiting.browser.request('POST', `/api/items/${item.id}/queue`)).status).toBe(409);
  });

  it(`acts at most ${AUTO_CLAIMS_PER_DAY} times a day for a member: then the plain match alert`, async () => {
    const member = await autoClaiming('teak bench');
    const items = dataSourceOf(stack, 'items');
    // Earlier today the search already took its day's share.
    for (let i = 0; i < AUTO_CLAIMS_PER_DAY; i++) {
      await items.query(`INSERT INTO items.auto_claims (user_id, item_id, saved_search_id, outcome) VALUES ($1, gen_random_uuid(), $2, 'queued')`, [
        member.user.id,
        member.searchId,
      ]);
    }
    const poster = await newNeighbour(stack, api);
    const item = await post(poster, 'Teak bench');
    await waitFor(async () => (await alertsAbout(member, item.id)).length === 1, { what: 'the match alert' });
    expect((await alertsAbout(member, item.id))[0]).toMatchObject({ title: 'Saved Search Match' });
    expect((await member.browser.get<Item>(`/api/items/${item.id}`)).body).toMatchObject({ status: 'available' });

    // A day later it acts again.
    await items.query(`UPDATE items.auto_claims SET created_at = created_at - interval '25 hours' WHERE user_id = $1`, [member.user.id]);
    const next = await post(poster, 'Teak bench, the pair');
    await waitFor(async () => (await alertsAbout(member, next.id)).length === 1, { what: 'the auto-claim alert' });
    expect((await alertsAbout(member, next.id))[0]).toMatchObject({ title: 'Auto-Claimed For You' });
  });
});
