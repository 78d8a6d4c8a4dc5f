import { randomUUID } from 'node:crypto';
import { CreateReportRequest, Events } from '@curbside/contracts';
import { ClaimsService } from '../src/claims/claims.service';
import { EngagementService } from '../src/engagement/engagement.service';
import { ImpactService } from '../src/impact/impact.service';
import { ModerationService } from '../src/moderation/moderation.service';
import { ReportsService } from '../src/reports/reports.service';
import { ItemsWorld, startItemsWorld } from './items-world';

/**
 * Impact on the real PostgreSQL: the claim with a checked photo writes its pickup in its own transaction, so the
 * sums are exact however many claims run at once, and the throwaway rules are judged there
 * (impact.service.ts over impact.repository.ts).
 */
describe(ImpactService.name, () => {
  let world: ItemsWorld;
  let claims: ClaimsService;
  let sut: ImpactService;
  // Each test works in an area of its own (the middle of a 2° wide cell), so the area sums are the test's own.
  let nextArea = 0;
  const newArea = () => ({ lat: -59 + 2 * nextArea, lng: -169 + 2 * nextArea++ });

  beforeAll(async () => {
    world = await startItemsWorld();
    claims = world.get(ClaimsService);
    sut = world.get(ImpactService);
    await world.passEveryPhoto();
  });
  afterAll(() => world?.stop());

  const pickUp = async (itemId: string, pickerId: string, device?: string) => {
    const photoKey = `pickups/good-${randomUUID()}.webp`;
    const photoHash = randomUUID();
    await world.sut.infrastructure.storage.put(photoKey, Buffer.from('photo'), 'image/webp');
    await claims.validatePickup(itemId, pickerId, photoKey, photoHash);
    return claims.claim(itemId, pickerId, photoHash, device);
  };
  const olderMember = () => world.member({ accountAgeHours: 24 * 30 });

  it('adds every one of many pickups claimed at once, exactly, to the area and to each member', async () => {
    const here = newArea();
    const pickers = await Promise.all(Array.from({ length: 8 }, olderMember));
    const posters = await Promise.all(Array.from({ length: 4 }, olderMember));
    const items = [];
    for (let i = 0; i < 16; i++) items.push(await world.post(posters[i % 4], { category: i % 2 ? 'Books' : 'Furniture', location: here }));

    await Promise.all(items.map((item, i) => pickUp(item.id, pickers[i % 8])));

    const area = await sut.area(here.lat, here.lng);
    expect(area.totals).toEqual({ pickups: 16, kg: 8 * 20 + 8 * 2, co2eKg: 89.76 });
    expect(area.categories).toEqual([
      { category: 'Furniture', pickups: 8, kg: 160, co2eKg: 81.6 },
      { category: 'Books', pickups: 8, kg: 16, co2eKg: 8.16 },
    ]);
    expect(area.weeks.at(-1)).toMatchObject({ pickups: 16, kg: 176 });
    expect(area.fairness).toEqual({ windowDays: 28, pickups: 16, pickers: 8, topPickers: 1, topShare: 2 / 16 });
    // Picker 0 took items 0 and 8, both Furniture; poster 0 gave items 0, 4, 8 and 12, all Furniture.
    expect(await sut.member(pickers[0])).toEqual({
      given: { pickups: 0, kg: 0, co2eKg: 0 },
      pickedUp: { pickups: 2, kg: 40, co2eKg: 20.4 },
      totals: { pickups: 2, kg: 40, co2eKg: 20.4 },
    });
    expect((await sut.member(posters[0])).given).toEqual({ pickups: 4, kg: 80, co2eKg: 40.8 });
  });

  it('does not count a pickup by an account created after the post, nor a pair past three in 28 days', async () => {
    const here = newArea();
    const poster = await olderMember();
    const first = await world.post(poster, { location: here });
    const throwaway = await world.member();
    await pickUp(first.id, throwaway);
    const friend = await olderMember();
    const more = [];
    for (let i = 0; i < 4; i++) more.push(await world.post(poster, { category: 'Clothing', location: here }));
    for (const item of more) await pickUp(item.id, friend);

    const rows = await world.db.query(`SELECT item_id, not_counted_because FROM items.impact_pickups WHERE poster_id = $1 ORDER BY picked_up_at`, [poster]);
    expect(rows.map((r: { not_counted_because: string | null }) => r.not_counted_because)).toEqual(['account_newer_than_post', null, null, null, 'pair_limit']);
    expect((await sut.area(here.lat, here.lng)).totals).toEqual({ pickups: 3, kg: 3, co2eKg: 1.53 });
    expect((await sut.member(throwaway)).totals.pickups).toBe(0);
    expect((await sut.member(poster)).given).toEqual({ pickups: 3, kg: 3, co2eKg: 1.53 });
  });

  it('does not count a pickup between two accounts seen on one device, and counts the same pickup from another device', async () => {
    const here = newArea();
    const [poster, second, stranger] = [await olderMember(), await olderMember(), await olderMember()];
    const phone = 'a'.repeat(64);
    const postFromPhone = () => world.post(poster, { description: '', category: 'Books', location: here }, phone);
    const first = await postFromPhone();
    const other = await postFromPhone();
    await pickUp(first.id, second, phone);
    await pickUp(other.id, stranger, 'b'.repeat(64));

    const rows = await world.db.query(`SELECT picker_id, not_counted_because FROM items.impact_pickups WHERE poster_id = $1`, [poster]);
    expect(Object.fromEntries(rows.map((r: { picker_id: string; not_counted_because: string | null }) => [r.picker_id, r.not_counted_because]))).toEqual({
      [second]: 'shared_device',
      [stranger]: null,
    });
    expect((await sut.area(here.lat, here.lng)).totals).toEqual({ pickups: 1, kg: 2, co2eKg: 1.02 });
    // Points follow the same sign: the pickup from the poster's device says so to rewards, which pays nothing for it.
    const claimed = (await world.emitted<{ itemId: string; linkedAccounts?: boolean }>(Events.itemClaimed.subject)).filter((e) =>
      [first.id, other.id].includes(e.itemId),
    );
    expect(Object.fromEntries(claimed.map((e) => [e.itemId, e.linkedAccounts ?? false]))).toEqual({ [first.id]: true, [other.id]: false });

    // A "still there" from the poster's device makes no points final; one from another device does.
    const third = await postFromPhone();
    const confirmer = await world.member({ verified: true, accountAgeHours: 24 * 30 });
    const engagement = world.get(EngagementService);
    await engagement.stillThere(third.id, confirmer, true, phone);
    await engagement.stillThere(third.id, await world.member({ verified: true }), true, 'c'.repeat(64));
    const confirmed = (await world.emitted<{ itemId: string; confirmerId: string; verified: boolean }>(Events.itemStillThere.subject)).filter(
      (e) => e.itemId === third.id,
    );
    expect(confirmed.map((e) => e.verified)).toEqual([false, true]);
  });

  it('counts nothing for a hold, and nothing for a member it never heard of', async () => {
    const here = newArea();
    const item = await world.post(await olderMember(), { location: here });
    const holder = await olderMember();
    await claims.claim(item.id, holder, null);
    expect((await sut.area(here.lat, here.lng)).totals.pickups).toBe(0);
    expect((await sut.member(holder)).totals.pickups).toBe(0);
    expect((await sut.member(randomUUID())).totals).toEqual({ pickups: 0, kg: 0, co2eKg: 0 });
  });

  it('stops counting a pickup of an item a moderator removes, once, and counts it again when an appeal restores it', async () => {
    const here = newArea();
    const [poster, picker] = await Promise.all([olderMember(), olderMember()]);
    const [decider, other] = await Promise.all([world.moderator({ accountAgeHours: 24 * 30 }), world.moderator({ accountAgeHours: 24 * 30 })]);
    const kept = await world.post(poster, { category: 'Furniture', location: here });
    const reported = await world.post(poster, { category: 'Furniture', location: here });
    const alone = await world.post(poster, { category: 'Books', location: here });
    for (const item of [kept, reported, alone]) await pickUp(item.id, picker);
    expect((await sut.area(here.lat, here.lng)).totals).toEqual({ pickups: 3, kg: 42, co2eKg: 21.42 });

    const moderation = world.get(ModerationService);
    const remove = async (itemId: string) => {
      for (let i = 0; i < 2; i++) {
        await world
          .get(ReportsService)
          .file({ reportType: 'inappropriate', reason: 'Not okay', reportedItemId: itemId } as CreateReportRequest, await world.member({ verified: true }));
      }
      const open = (await moderation.cases({ status: 'open' }, decider)).find((c) => c.targetId === itemId);
      await moderation.decide(open!.id, { decision: 'remove', reason: 'Not allowed' }, decider);
      return open!.id;
    };
    const furnitureCase = await remove(reported.id);
    await remove(alone.id);
    const area = await sut.area(here.lat, here.lng);
    expect(area.totals).toEqual({ pickups: 1, kg: 20, co2eKg: 10.2 });
    // The week's Books row had one pickup: it is gone rather than kept at zero.
    expect(area.categories).toEqual([{ category: 'Furniture', pickups: 1, kg: 20, co2eKg: 10.2 }]);
    expect((await sut.member(picker)).pickedUp).toEqual({ pickups: 1, kg: 20, co2eKg: 10.2 });
    expect((await sut.member(poster)).given).toEqual({ pickups: 1, kg: 20, co2eKg: 10.2 });
    // Told twice, it takes it out once.
    await world.db.transaction((manager) => sut.itemRemoved(manager, reported.id));
    expect((await sut.area(here.lat, here.lng)).totals.pickups).toBe(1);
    const weeks: { pickups: number; kg: string }[] = await world.db.query(
      `SELECT pickups, kg::text FROM items.impact_area_weeks WHERE cell_wide = (SELECT cell_wide FROM items.impact_pickups WHERE item_id = $1)`,
      [kept.id],
    );
    expect(weeks).toEqual([{ pickups: 1, kg: '20.00' }]);

    await moderation.appeal(furnitureCase, { reason: 'It was a plain chair' }, poster);
    await moderation.decide(furnitureCase, { decision: 'approve', reason: 'A plain chair' }, other);
    expect((await sut.area(here.lat, here.lng)).totals).toEqual({ pickups: 2, kg: 40, co2eKg: 20.4 });
    expect((await sut.member(picker)).pickedUp).toEqual({ pickups: 2, kg: 40, co2eKg: 20.4 });
    // Restored twice, it counts once.
    await world.db.transaction((manager) => sut.itemRestored(manager, reported.id));
    expect((await sut.area(here.lat, here.lng)).totals.pickups).toBe(2);
  });
});
