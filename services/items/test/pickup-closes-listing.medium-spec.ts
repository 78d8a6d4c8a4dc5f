import { randomUUID } from 'node:crypto';
import { Events, ItemError } from '@curbside/contracts';
import { ClaimsService } from '../src/claims/claims.service';
import { QueueService } from '../src/queue/queue.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

interface PickedUp {
  itemId: string;
  pickerId: string;
  posterId: string;
  waitingUserIds: string[];
}

/**
 * A verified pickup closes the listing (docs/product-rules.md): the queue ends, and one item.picked-up event names
 * everyone who waited for it (in line, still-there or a vote in the last 24 h), never the picker or the poster;
 * only the poster sees who picked it up and the photo.
 */
describe('a verified pickup', () => {
  let world: ItemsWorld;
  let claims: ClaimsService;
  let queue: QueueService;

  beforeAll(async () => {
    world = await startItemsWorld();
    claims = world.get(ClaimsService);
    queue = world.get(QueueService);
    await world.passEveryPhoto();
  });
  afterAll(() => world?.stop());

  const pickUp = async (itemId: string, userId: string) => {
    const photoKey = `pickups/good-${randomUUID()}.webp`;
    const photoHash = randomUUID();
    await world.sut.infrastructure.storage.put(photoKey, Buffer.from('photo'), 'image/webp');
    await claims.validatePickup(itemId, userId, photoKey, photoHash);
    await claims.claim(itemId, userId, photoHash);
    return photoKey;
  };
  const pickedUp = async (itemId: string) => (await world.emitted<PickedUp>(Events.itemPickedUp.subject)).filter((e) => e.itemId === itemId);
  const said = (table: 'votes' | 'still_there_checks', itemId: string, userId: string, hoursAgo: number, stillThere = true) =>
    table === 'votes'
      ? world.db.query(
          `INSERT INTO items.votes (item_id, user_id, local_date, created_at) VALUES ($1, $2, current_date - $3::int, now() - make_interval(hours => $3))`,
          [itemId, userId, hoursAgo],
        )
      : world.db.query(
          `INSERT INTO items.still_there_checks (item_id, user_id, check_date, still_there, created_at) VALUES ($1, $2, current_date - $3::int, $4, now() - make_interval(hours => $3))`,
          [itemId, userId, hoursAgo, stillThere],
        );

  it('ends the queue and names, once each, everyone who waited in the last 24 h, never the picker or the poster', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const [holder, queued, confirmer, voter, doubter, lateVoter] = await Promise.all(Array.from({ length: 6 }, () => world.member()));
    await claims.claim(item.id, holder, null);
    await queue.join(item.id, queued);
    await said('still_there_checks', item.id, confirmer, 2);
    await said('still_there_checks', item.id, queued, 1);
    await said('votes', item.id, voter, 3);
    await said('votes', item.id, holder, 1);
    await said('still_there_checks', item.id, doubter, 1, false);
    await said('votes', item.id, lateVoter, 30);

    await pickUp(item.id, holder);

    const [event, ...more] = await pickedUp(item.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ pickerId: holder, posterId: poster });
    expect([...event.waitingUserIds].sort()).toEqual([queued, confirmer, voter].sort());
    const [{ n }] = await world.db.query(`SELECT count(*)::int AS n FROM items.item_queue WHERE item_id = $1`, [item.id]);
    expect(n).toBe(0);
    expect(await queue.view(item.id, queued)).toEqual({ length: 0, position: null, members: null, holderReliability: null });
  });

  it('shows the poster, and nobody else, who picked it up and its photo', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const picker = await world.member({ username: 'Pat Q.' });
    expect(await refusal(claims.pickup(item.id, poster))).toBe(ItemError.NOT_PICKED_UP);
    const photoKey = await pickUp(item.id, picker);

    expect(await claims.pickup(item.id, poster)).toEqual({ pickedUpBy: 'Pat Q.', pickedUpAt: expect.any(String), photoKey });
    expect(await refusal(claims.pickup(item.id, picker))).toBe(ItemError.NOT_POSTER);
    expect(await refusal(claims.pickup(randomUUID(), poster))).toBe(ItemError.NOT_FOUND);
    // The photo the claim used is kept (the sweep deletes only unused ones).
    expect(await world.stored(photoKey)).toBe(true);
  });
});
