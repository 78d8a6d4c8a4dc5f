import { Events } from '@curbside/contracts';
import { ClaimsService } from '../src/claims/claims.service';
import { ExpiryScheduler } from '../src/expiry/expiry.scheduler';
import { ItemsWorld, startItemsWorld } from './items-world';

/** The expiry sweep on the real PostgreSQL: what time changes, what it announces, and that two sweeps never repeat it. */
describe(ExpiryScheduler.name, () => {
  let world: ItemsWorld;
  let sut: ExpiryScheduler;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(ExpiryScheduler);
  });
  afterAll(() => world?.stop());

  const expiresIn = (itemId: string, minutes: number) =>
    world.db.query(`UPDATE items.items SET expires_at = now() + make_interval(mins => $2) WHERE id = $1`, [itemId, minutes]);
  const row = async (itemId: string) => (await world.db.query(`SELECT status, listed, reserved_by_id FROM items.items WHERE id = $1`, [itemId]))[0];
  const about = async (subject: string, itemId: string) => (await world.emitted(subject)).filter((e) => e.itemId === itemId);

  it('expires, warns, releases lapsed holds and unlists ended claims once, also with two sweeps at once', async () => {
    const poster = await world.member();
    const [anna, ben] = [await world.member(), await world.member()];
    const claims = world.get(ClaimsService);
    const due = await world.post(poster);
    const soon = await world.post(poster);
    const later = await world.post(poster);
    const held = await world.post(poster);
    const heldPastExpiry = await world.post(poster);
    const claimed = await world.post(poster);
    await claims.claim(held.id, anna, null);
    await claims.claim(heldPastExpiry.id, ben, null);
    await world.db.query(`UPDATE items.items SET status = 'claimed', claimed_by_id = $2 WHERE id = $1`, [claimed.id, anna]);
    await world.db.query(`UPDATE items.items SET reserved_until = now() - interval '1 minute' WHERE id = $1`, [held.id]);
    await expiresIn(due.id, -1);
    await expiresIn(soon.id, 30);
    await expiresIn(later.id, 90);
    await expiresIn(heldPastExpiry.id, -1);
    await expiresIn(claimed.id, -1);

    const reports = await Promise.all([sut.sweep(), sut.sweep()]);

    const total = (key: keyof (typeof reports)[number]) => reports.reduce((n, r) => n + r[key], 0);
    expect({ expired: total('expired'), expiring: total('expiring'), released: total('reservationsReleased'), unlisted: total('unlisted') }).toEqual({
      expired: 1,
      expiring: 1,
      released: 2,
      unlisted: 1,
    });
    expect(await row(due.id)).toEqual({ status: 'expired', listed: false, reserved_by_id: null });
    expect(await row(later.id)).toEqual({ status: 'available', listed: true, reserved_by_id: null });
    expect(await row(held.id)).toEqual({ status: 'available', listed: true, reserved_by_id: null });
    expect(await row(heldPastExpiry.id)).toEqual({ status: 'expired', listed: false, reserved_by_id: null });
    expect(await row(claimed.id)).toMatchObject({ status: 'claimed', listed: false });

    expect(await about(Events.itemExpired.subject, due.id)).toEqual([{ itemId: due.id, posterId: poster, title: due.title }]);
    expect(await about(Events.itemExpiring.subject, soon.id)).toEqual([expect.objectContaining({ posterId: poster })]);
    expect(await about(Events.itemExpiring.subject, later.id)).toEqual([]);
    expect(await about(Events.itemUpdated.subject, held.id)).toEqual([expect.objectContaining({ status: 'available' })]);
    expect(await about(Events.itemUpdated.subject, heldPastExpiry.id)).toEqual([expect.objectContaining({ status: 'expired' })]);

    expect(await sut.sweep()).toEqual({ expired: 0, expiring: 0, reservationsReleased: 0, handedOver: 0, unlisted: 0 });
  });
});
