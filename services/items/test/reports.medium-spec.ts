import { randomUUID } from 'node:crypto';
import { CreateReportRequest, Events, ItemError, ReportError } from '@curbside/contracts';
import { ItemsService } from '../src/items/items.service';
import { ReportsService } from '../src/reports/reports.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

/** Reports on the real PostgreSQL: one per member per item, against the item's poster whatever the body says. */
describe(ReportsService.name, () => {
  let world: ItemsWorld;
  let sut: ReportsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(ReportsService);
  });
  afterAll(() => world?.stop());

  const report = (itemId: string, extra: Partial<CreateReportRequest> = {}): CreateReportRequest => ({
    reportedItemId: itemId,
    reportType: 'spam',
    reason: 'Posted ten times',
    ...extra,
  });

  it("files one report per member per item against the item's poster, also when two arrive at once", async () => {
    const poster = await world.member();
    const anna = await world.member();
    const item = await world.post(poster);

    const results = await Promise.allSettled([sut.file(report(item.id, { reportedUserId: anna }), anna), sut.file(report(item.id), anna)]);

    const filed = results.filter((r) => r.status === 'fulfilled');
    expect(filed).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: ReportError.ALREADY_REPORTED,
      message: 'You have already reported this item',
    });
    expect(await world.db.query(`SELECT reporter_id, reported_user_id, reason FROM items.reports WHERE reported_item_id = $1`, [item.id])).toEqual([
      { reporter_id: anna, reported_user_id: poster, reason: 'Posted ten times' },
    ]);
    const events = (await world.emitted(Events.reportFiled.subject)).filter((e) => e.itemId === item.id);
    expect(events).toEqual([
      { reportId: expect.any(String), itemId: item.id, targetType: 'item', targetId: item.id, reporterId: anna, reportedUserId: poster, reportType: 'spam' },
    ]);

    await expect(sut.file(report(item.id), await world.member())).resolves.toMatchObject({
      success: true,
      message: 'Thanks for your report. Our team will review it.',
    });
  });

  it('refuses a report of your own item, of a deleted item and of no item', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    expect(await refusal(sut.file(report(item.id), poster))).toBe(ReportError.OWN_ITEM);
    await world.get(ItemsService).delete(item.id, poster);
    expect(await refusal(sut.file(report(item.id), await world.member()))).toBe(ItemError.NOT_FOUND);
    expect(await refusal(sut.file(report(randomUUID()), poster))).toBe(ItemError.NOT_FOUND);
  });
});
