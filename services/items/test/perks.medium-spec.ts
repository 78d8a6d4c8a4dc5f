import { randomUUID } from 'node:crypto';
import { Calls, EventEnvelope, Events, Item, ItemError } from '@curbside/contracts';
import { waitFor } from '@curbside/testing';
import { ClaimsService } from '../src/claims/claims.service';
import { ItemsService } from '../src/items/items.service';
import { QueueService } from '../src/queue/queue.service';
import { SpotlightsService } from '../src/spotlights/spotlights.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

const HOUR = 3600_000;
const HERE = { lat: 47.6062, lng: -122.3321 };

/**
 * Perks as items applies them (docs/product-rules.md, "Perks"), on the real PostgreSQL: a Spotlight Post first in a
 * stranger's feed (two at most, the newest), and Extra Reservation Time making the next hold, or the hold handed over
 * from a line, 60 minutes.
 */
describe(SpotlightsService.name, () => {
  let world: ItemsWorld;
  let items: ItemsService;
  let claims: ClaimsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    items = world.get(ItemsService);
    claims = world.get(ClaimsService);
    await world.passEveryPhoto();
  });
  afterAll(() => world?.stop());

  /** rewards' perk.used, delivered to items' real consumers; resolves once applied. */
  const perkUsed = async (userId: string, perk: 'spotlight' | 'extra_reservation_time', itemId: string | null = null, usedAt = new Date()) => {
    const envelope: EventEnvelope<unknown> = {
      id: randomUUID(),
      subject: Events.perkUsed.subject,
      occurredAt: usedAt.toISOString(),
      payload: {
        redemptionId: randomUUID(),
        userId,
        perk,
        itemId,
        usedAt: usedAt.toISOString(),
        endsAt: perk === 'spotlight' ? new Date(usedAt.getTime() + 24 * HOUR).toISOString() : null,
      },
    };
    await world.sut.infrastructure.bus.publish(envelope);
    await waitFor(async () => (await world.db.query(`SELECT 1 FROM items.processed_events WHERE event_id = $1`, [envelope.id])).length >= 2, {
      what: 'perk applied',
    });
  };
  const feed = async (callerId: string, at = HERE, cursor?: string) => {
    const reply = await items.feed({ lat: at.lat, lng: at.lng, radius: 2, limit: 3, ...(cursor ? { cursor } : {}) } as never, callerId);
    return { items: JSON.parse(reply.itemsJson) as Item[], nextCursor: reply.nextCursor };
  };
  const titles = (list: Item[]) => list.map((i) => `${i.title}${i.spotlight ? '*' : ''}`);

  it('a spotlit post comes first in a stranger’s nearby feed, labelled, once; at most the two newest spotlights lead', async () => {
    const poster = await world.member();
    const stranger = await world.member();
    const posted: Item[] = [];
    for (const title of ['A', 'B', 'C', 'D', 'E']) posted.push(await world.post(poster, { title, location: HERE }));
    const [a, b, c] = posted;
    expect(titles((await feed(stranger)).items)).toEqual(['E', 'D', 'C']);

    await perkUsed(poster, 'spotlight', a.id);
    const first = await feed(stranger);
    expect(titles(first.items)).toEqual(['A*', 'E', 'D', 'C']);
    // The cursor follows the newest rows: the next page goes on after C, with A in its normal place and unlabelled.
    expect(titles((await feed(stranger, HERE, first.nextCursor as string)).items)).toEqual(['B', 'A']);

    await perkUsed(poster, 'spotlight', b.id, new Date(Date.now() + 1000));
    await perkUsed(poster, 'spotlight', c.id, new Date(Date.now() + 2000));
    expect(titles((await feed(stranger)).items)).toEqual(['C*', 'B*', 'E', 'D']);

    // Far away: no spotlight reaches past its radius. Ended or held: back in the normal place.
    expect(titles((await feed(stranger, { lat: 47.9, lng: -122.3321 })).items)).toEqual([]);
    await world.db.query(`UPDATE items.spotlights SET ends_at = now() - interval '1 second' WHERE item_id = $1`, [c.id]);
    await claims.claim(b.id, stranger, null);
    expect(titles((await feed(stranger)).items)).toEqual(['A*', 'E', 'D', 'C']);
  });

  it('starts only on the poster’s own available post, not spotlit already; the redemption asked again answers its spotlight', async () => {
    const poster = await world.member();
    const other = await world.member();
    const item = await world.post(poster);
    const startedAt = new Date();
    const endsAt = new Date(startedAt.getTime() + 24 * HOUR);
    const start = (itemId: string, callerId: string, redemptionId = randomUUID()) =>
      world.sut.call(Calls.items.startSpotlight, { itemId, redemptionId, startedAt: startedAt.toISOString(), endsAt: endsAt.toISOString() }, callerId);
    expect(await refusal(start(item.id, other))).toBe(ItemError.NOT_POSTER);
    expect(await refusal(start(randomUUID(), poster))).toBe(ItemError.NOT_FOUND);
    const redemptionId = randomUUID();
    const answer = { itemId: item.id, startedAt: startedAt.toISOString(), endsAt: endsAt.toISOString() };
    expect(await start(item.id, poster, redemptionId)).toEqual(answer);
    // A retry of the same redemption (rewards did not commit) gets the same spotlight, whatever it names.
    const another = await world.post(poster);
    expect(await start(another.id, poster, redemptionId)).toEqual(answer);
    expect(await refusal(start(item.id, poster))).toBe(ItemError.ALREADY_SPOTLIT);
    // An event for another's post spotlights nothing.
    await perkUsed(other, 'spotlight', another.id);
    expect(await world.db.query(`SELECT 1 FROM items.spotlights WHERE item_id = $1`, [another.id])).toEqual([]);
    await claims.claim(item.id, other, null);
    await world.db.query(`DELETE FROM items.spotlights WHERE item_id = $1`, [item.id]);
    expect(await refusal(start(item.id, poster))).toBe(ItemError.NOT_AVAILABLE);
  });

  it('two spotlights asked at once for one post: exactly one starts', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const at = new Date();
    const ask = () =>
      world.sut.call(
        Calls.items.startSpotlight,
        { itemId: item.id, redemptionId: randomUUID(), startedAt: at.toISOString(), endsAt: new Date(at.getTime() + 24 * HOUR).toISOString() },
        poster,
      );
    const results = await Promise.allSettled([ask(), ask(), ask(), ask()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await world.db.query(`SELECT count(*)::int AS n FROM items.spotlights WHERE item_id = $1`, [item.id])).toEqual([{ n: 1 }]);
  });

  it('Extra Reservation Time: the next hold lasts 60 minutes, the one after 30; a hold handed over from the line too', async () => {
    const minutesLeft = async (itemId: string) =>
      Number((await world.db.query(`SELECT round(extract(epoch FROM reserved_until - now()) / 60) AS m FROM items.items WHERE id = $1`, [itemId]))[0].m);
    const poster = await world.member();
    const member = await world.member({ verified: true });
    await perkUsed(member, 'extra_reservation_time');
    const first = await world.post(poster);
    expect((await claims.claim(first.id, member, null)).message).toContain('yours for 60 minutes');
    expect(await minutesLeft(first.id)).toBe(60);
    const second = await world.post(poster);
    expect((await claims.claim(second.id, member, null)).message).toContain('yours for 30 minutes');
    expect(await minutesLeft(second.id)).toBe(30);

    const holder = await world.member();
    const queued = await world.member();
    const third = await world.post(poster);
    await claims.claim(third.id, holder, null);
    await world.get(QueueService).join(third.id, queued);
    await perkUsed(queued, 'extra_reservation_time');
    await world.get(QueueService).releaseHold(third.id, holder);
    expect(await minutesLeft(third.id)).toBe(60);
    expect(await world.db.query(`SELECT used_on_item FROM items.hold_extensions WHERE user_id = $1`, [queued])).toEqual([{ used_on_item: third.id }]);
  });
});
