import { randomUUID } from 'node:crypto';
import { AreaImpact, CreateSingleItemRequest, ErrorCode, Item, MemberImpact, PhotoValidationResult, User, UserError } from '@curbside/contracts';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { checkVerdict, dataSourceOf, Neighbour, newNeighbour, PICKUP_PHOTO, postWithPhoto, STACK_MODES, stackForTests } from './stack-modes';

/** Inside the wide cell 46–48°N, 124–122°W (its south-west corner is 46°N 124°W). */
const HERE = { lat: 47.2, lng: -123.1 };
const AREA = { south: 46, west: -124, north: 48, east: -122 };

/**
 * Impact and fairness through the gateway in both modes (docs/product-rules.md, "Impact" and "Fairness"): only a
 * verified pickup counts, never a hold nor a throwaway's pickup of a post made before the account; an area's
 * answer is its wide grid cell's, by week and category, with the share of the busiest tenth of its pickers.
 */
describe.each(STACK_MODES)('impact and fairness, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;

  const neighbour = () => newNeighbour(stack, api);
  const items = () => dataSourceOf(stack, 'items');
  const areaAt = async (at: { lat: number; lng: number }) => {
    const answer = await api.get<AreaImpact>(`/api/impact?lat=${at.lat}&lng=${at.lng}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const impactOf = async (member: Neighbour) => {
    const answer = await api.get<MemberImpact>(`/api/users/${member.user.id}/impact`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const post = async (member: Neighbour, category: CreateSingleItemRequest['category']) => {
    return postWithPhoto(member.browser, { title: 'Wooden chair', category, location: HERE });
  };
  /** The pickup photo checked by the real photo-validation service, then the claim with it. */
  const pickUp = async (member: Neighbour, item: Item) => {
    const pickupPhoto = PICKUP_PHOTO.toString('base64');
    const check = await member.browser.post<PhotoValidationResult>(`/api/items/${item.id}/validate-pickup`, { pickupPhoto });
    expect(checkVerdict(check)).toBe('passed');
    const claim = await member.browser.request<{ item: Item }>('PATCH', `/api/items/${item.id}/claim`, { verificationPhoto: pickupPhoto });
    expect(claim).toMatchObject({ status: 200, body: { item: { status: 'claimed' } } });
  };

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '1000' }, (started) => ({ stack, api } = started));

  it('adds a verified pickup to the area and to both members, and never a hold or a throwaway’s pickup of an older post', async () => {
    const picker = await neighbour();
    const holder = await neighbour();
    const poster = await neighbour();
    const [chair, books, coat] = [await post(poster, 'Furniture'), await post(poster, 'Books'), await post(poster, 'Clothing')];
    const before = await areaAt(HERE);
    expect(before.totals).toEqual({ pickups: 0, kg: 0, co2eKg: 0 });

    await pickUp(picker, chair);
    // A hold (no photo) is not a pickup.
    expect((await holder.browser.request('PATCH', `/api/items/${books.id}/claim`, {})).status).toBe(200);
    // An account made after the post, taking it with a checked photo: the claim stands, the impact does not count it.
    const throwaway = await neighbour();
    await pickUp(throwaway, coat);

    const after = await areaAt(HERE);
    expect(after.area).toEqual(AREA);
    expect(after.totals).toEqual({ pickups: 1, kg: 20, co2eKg: 10.2 });
    expect(after.categories).toEqual([{ category: 'Furniture', pickups: 1, kg: 20, co2eKg: 10.2 }]);
    expect(after.weeks).toHaveLength(12);
    expect(after.weeks.at(-1)).toMatchObject({ pickups: 1, kg: 20, co2eKg: 10.2 });
    expect(after.method).toMatchObject({ co2ePerKg: 0.51, weightsKg: expect.objectContaining({ Furniture: 20, Clothing: 1, Books: 2 }) });
    expect(after.fairness).toEqual({ windowDays: 28, pickups: 1, pickers: 1, topPickers: 1, topShare: 1 });

    expect(await impactOf(picker)).toEqual({
      given: { pickups: 0, kg: 0, co2eKg: 0 },
      pickedUp: { pickups: 1, kg: 20, co2eKg: 10.2 },
      totals: { pickups: 1, kg: 20, co2eKg: 10.2 },
    });
    expect((await impactOf(poster)).given).toEqual({ pickups: 1, kg: 20, co2eKg: 10.2 });
    expect((await impactOf(holder)).totals.pickups).toBe(0);
    expect((await impactOf(throwaway)).totals.pickups).toBe(0);
    // Nobody is named in an area's answer.
    const text = JSON.stringify(after);
    for (const member of [picker, poster, holder, throwaway]) {
      expect(text).not.toContain(member.user.id);
      expect(text).not.toContain(member.user.username);
    }
  }, 120_000);

  it('never counts a pickup between two accounts of one browser, even one older than the post', async () => {
    const phone = api.anotherBrowser();
    const known = async (browser: ApiClient): Promise<Neighbour> => {
      const user = (await browser.post<User>('/api/users', {})).body;
      await waitFor(async () => (await items().query('SELECT 1 FROM items.posters WHERE user_id = $1', [user.id])).length === 1, {
        what: 'the member known to items',
      });
      return { browser, user };
    };
    // A second account made first on the phone, then the poster's own: the phone keeps one device cookie.
    const second = await known(phone);
    const secondTab = phone.clone();
    const neighbourly = await neighbour();
    const poster = await known(phone);
    const item = await post(poster, 'Furniture');
    const other = await post(poster, 'Furniture');
    await pickUp({ browser: secondTab, user: second.user }, item);
    // The same pickup by a neighbour on a phone of their own counts.
    await pickUp(neighbourly, other);

    const reasons = await items().query(`SELECT picker_id, not_counted_because FROM items.impact_pickups WHERE poster_id = $1`, [poster.user.id]);
    expect(Object.fromEntries(reasons.map((r: { picker_id: string; not_counted_because: string | null }) => [r.picker_id, r.not_counted_because]))).toEqual({
      [second.user.id]: 'shared_device',
      [neighbourly.user.id]: null,
    });
    expect((await impactOf(poster)).given).toEqual({ pickups: 1, kg: 20, co2eKg: 10.2 });
    expect((await impactOf(second)).totals.pickups).toBe(0);
  }, 120_000);

  it('gives the share of the busiest tenth on a made-up history: the last 28 days, this area only, counted pickups only', async () => {
    // An area nobody else uses here (10–12°N, 20–22°E), seeded through the real ledger.
    const at = { lat: 11, lng: 21 };
    const cell = 50 * 180 + 100;
    const seed = (pickerId: string, count: number, daysAgo: number, options: { cell?: number; category?: string; notCounted?: string } = {}) =>
      items().query(
        `INSERT INTO items.impact_pickups (item_id, poster_id, picker_id, category, kg, co2e_kg, cell_wide, picked_up_at, not_counted_because)
         SELECT gen_random_uuid(), gen_random_uuid(), $1, $2, 3, 1.53, $3, now() - make_interval(days => $4) - g * interval '1 minute', $5
         FROM generate_series(1, $6) g`,
        [pickerId, options.category ?? 'Other', options.cell ?? cell, daysAgo, options.notCounted ?? null, count],
      );
    const pickers = Array.from({ length: 20 }, () => randomUUID());
    // 20 pickers in the window: two took 10 and 6, eighteen one each (34 pickups; the top two took 16).
    await seed(pickers[0], 10, 1);
    await seed(pickers[1], 6, 27);
    for (const picker of pickers.slice(2)) await seed(picker, 1, 3);
    // Outside the window (29 days ago), outside the area (one cell east), or not counted: none of these change the share.
    await seed(pickers[5], 40, 29);
    await seed(pickers[6], 40, 1, { cell: cell + 1 });
    await seed(pickers[7], 40, 1, { notCounted: 'account_newer_than_post' });

    const area = await areaAt(at);
    expect(area.area).toEqual({ south: 10, west: 20, north: 12, east: 22 });
    expect(area.fairness).toEqual({ windowDays: 28, pickups: 34, pickers: 20, topPickers: 2, topShare: 16 / 34 });
    // The weeks reach 12 weeks back: the 29-day-old pickups are in them, the other area's and the uncounted are not.
    expect(area.totals.pickups).toBe(74);
    expect(area.totals.kg).toBe(222);
    expect(area.totals.co2eKg).toBeCloseTo(113.22, 2);
    // Any point of the same cell answers the same; a point across the edge answers its own cell.
    expect((await areaAt({ lat: 10.0001, lng: 21.9999 })).fairness.pickups).toBe(34);
    const east = await areaAt({ lat: 11, lng: 22.0001 });
    expect(east.area).toEqual({ south: 10, west: 22, north: 12, east: 24 });
    expect(east.fairness).toEqual({ windowDays: 28, pickups: 40, pickers: 1, topPickers: 1, topShare: 1 });
  });

  it('refuses a bad position or member id with a coded 400, and an unknown member with USER.NOT_FOUND', async () => {
    for (const query of ['lat=abc&lng=1', 'lat=91&lng=0', 'lat=0&lng=-181', 'lat=10', '']) {
      expect(await api.get(`/api/impact?${query}`)).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION_FAILED } });
    }
    expect(await api.get('/api/users/not-an-id/impact')).toMatchObject({ status: 400, body: { code: ErrorCode.VALIDATION_FAILED } });
    expect(await api.get(`/api/users/${randomUUID()}/impact`)).toMatchObject({ status: 404, body: { code: UserError.NOT_FOUND } });
  });
});
