import { Item, PublicUser, RedeemResponse, Reward, UserPerk } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, grantPoints, newNeighbour, postWithPhoto, STACK_MODES, stackForTests } from './stack-modes';

const HERE = { lat: 44.9778, lng: -93.265 };
const MINUTE = 60_000;

/**
 * Rewards that do what they say, over HTTP in both modes (docs/product-rules.md, "Perks"): a Spotlight Post first in
 * a stranger's feed, labelled; Extra Reservation Time making the next hold 60 minutes; a Profile Frame in the
 * public view.
 */
describe.each(STACK_MODES)('rewards that deliver, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;
  let catalogue: Reward[];

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '10000' }, (started) => ({ stack, api } = started));
  beforeAll(async () => {
    catalogue = (await api.get<Reward[]>('/api/rewards')).body;
  });

  const neighbour = () => newNeighbour(stack, api);
  const grant = (userId: string, points: number) => grantPoints(stack, userId, points);
  const rewardId = (name: string) => (catalogue.find((r) => r.name === name) as Reward).id;
  const post = async (browser: ApiClient, title: string) => {
    return postWithPhoto(browser, { title, location: HERE });
  };
  /** Redeems the perk and answers its redemption id, checking the answer carries the balance left. */
  const redeemPerk = async (member: { browser: ApiClient; user: { id: string } }, name: string, points: number) => {
    await grant(member.user.id, points);
    const cost = (catalogue.find((r) => r.name === name) as Reward).pointsCost;
    const answer = await member.browser.post<RedeemResponse>(`/api/rewards/${rewardId(name)}/redeem`, {});
    expect(answer).toMatchObject({ status: 200, body: { success: true, balance: points - cost } });
    return answer.body.redemptionId;
  };
  const usePerk = (member: { browser: ApiClient; user: { id: string } }, redemptionId: string, body: object = {}) =>
    member.browser.post<{ code?: string; perk?: UserPerk }>(`/api/users/${member.user.id}/perks/${redemptionId}/use`, body);

  it('a Spotlight Post puts the chosen post first in a stranger’s feed, labelled, for 24 hours; only the poster’s own post', async () => {
    const poster = await neighbour();
    const stranger = await neighbour();
    const older = await post(poster.browser, 'Spotlit lamp');
    const newer = await post(poster.browser, 'Plain rug');
    const strangers = await post(stranger.browser, 'Stranger’s shelf');
    const redemptionId = await redeemPerk(poster, 'Spotlight Post', 120);

    const perks = await poster.browser.get<UserPerk[]>(`/api/users/${poster.user.id}/perks`);
    expect(perks.body).toEqual([expect.objectContaining({ redemptionId, perk: 'spotlight', usedAt: null })]);
    expect((await stranger.browser.get(`/api/users/${poster.user.id}/perks`)).status).toBe(403);
    expect(await usePerk(poster, redemptionId)).toMatchObject({ status: 400, body: { code: 'REWARD.PERK_ITEM' } });
    expect(await usePerk(poster, redemptionId, { itemId: strangers.id })).toMatchObject({ status: 403, body: { code: 'ITEM.NOT_POSTER' } });
    expect(await usePerk(stranger, redemptionId, { itemId: older.id })).toMatchObject({ status: 404, body: { code: 'REWARD.PERK_NOT_FOUND' } });

    const used = await usePerk(poster, redemptionId, { itemId: older.id });
    expect(used.status).toBe(200);
    const runsFor = new Date(used.body.perk?.activeUntil as string).getTime() - new Date(used.body.perk?.usedAt as string).getTime();
    expect(runsFor).toBe(24 * 60 * MINUTE);
    expect(await usePerk(poster, redemptionId, { itemId: newer.id })).toMatchObject({ status: 409, body: { code: 'REWARD.PERK_USED' } });

    const feed = () => stranger.browser.get<Item[]>(`/api/items?lat=${HERE.lat}&lng=${HERE.lng}&radius=2`);
    await waitFor(async () => (await feed()).body[0]?.id === older.id, { what: 'the spotlit post first' });
    const items = (await feed()).body;
    expect(items.map((i) => [i.title, i.spotlight ?? false])).toEqual([
      ['Spotlit lamp', true],
      ['Stranger’s shelf', false],
      ['Plain rug', false],
    ]);
    // A second spotlight on the same post is refused before the perk is spent.
    const second = await redeemPerk(poster, 'Spotlight Post', 50);
    expect(await usePerk(poster, second, { itemId: older.id })).toMatchObject({ status: 409, body: { code: 'ITEM.ALREADY_SPOTLIT' } });
    expect((await poster.browser.get<UserPerk[]>(`/api/users/${poster.user.id}/perks`)).body.find((p) => p.redemptionId === second)?.usedAt).toBeNull();
  });

  it('Extra Reservation Time: the member’s next hold lasts 60 minutes', async () => {
    const poster = await neighbour();
    const member = await neighbour();
    const item = await post(poster.browser, 'Garden bench');
    const redemptionId = await redeemPerk(member, 'Extra Reservation Time', 75);
    expect(await usePerk(member, redemptionId, { itemId: item.id })).toMatchObject({ status: 400, body: { code: 'REWARD.PERK_ITEM' } });
    expect((await usePerk(member, redemptionId)).status).toBe(200);
    expect((await member.browser.get<UserPerk[]>(`/api/users/${member.user.id}/perks`)).body).toEqual([]);
    await waitFor(
      async () => (await dataSourceOf(stack, 'items').query(`SELECT 1 FROM items.hold_extensions WHERE redemption_id = $1`, [redemptionId])).length === 1,
      {
        what: 'the extension armed',
      },
    );
    const hold = await member.browser.request<{ message: string; item: Item }>('PATCH', `/api/items/${item.id}/claim`, {});
    expect(hold.body.message).toContain('yours for 60 minutes');
    const minutes = (new Date(hold.body.item.reservedUntil as string).getTime() - Date.now()) / MINUTE;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('a Profile Frame shows in the member’s public view', async () => {
    const member = await neighbour();
    const redemptionId = await redeemPerk(member, 'Profile Frame', 200);
    expect((await api.get<PublicUser>(`/api/users/${member.user.id}`)).body.profileFrame).toBe(false);
    expect((await usePerk(member, redemptionId)).status).toBe(200);
    await waitFor(async () => (await api.get<PublicUser>(`/api/users/${member.user.id}`)).body.profileFrame === true, { what: 'the frame in the public view' });
    expect(await usePerk(member, redemptionId)).toMatchObject({ status: 409, body: { code: 'REWARD.PERK_USED' } });
  });
});
