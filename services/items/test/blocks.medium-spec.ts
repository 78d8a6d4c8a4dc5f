import { ItemError, MessageError } from '@curbside/contracts';
import { BlocksRepository } from '../src/blocks/blocks.repository';
import { ClaimsRepository } from '../src/claims/claims.repository';
import { ClaimsService } from '../src/claims/claims.service';
import { CommentsService } from '../src/comments/comments.service';
import { EngagementService } from '../src/engagement/engagement.service';
import { ItemsService } from '../src/items/items.service';
import { MessagesService } from '../src/messages/messages.service';
import { QueueService } from '../src/queue/queue.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

/** Blocking on the real PostgreSQL: what a blocked member may not do on the blocker's items, and what the blocker no longer sees. */
describe(BlocksRepository.name, () => {
  let world: ItemsWorld;
  let sut: BlocksRepository;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(BlocksRepository);
  });
  afterAll(() => world?.stop());

  const block = (blockerId: string, blockedId: string, blocked: boolean, version: number) =>
    sut.keepNewer(world.db.manager, { blockerId, blockedId, blocked, version });

  it('keeps the newest change of a pair, whatever order they come in', async () => {
    const [a, b] = [await world.member(), await world.member()];
    await block(a, b, false, 2);
    await block(a, b, true, 1);
    expect(await sut.isBlocked(a, b)).toBe(false);
    await block(a, b, true, 3);
    expect(await sut.isBlocked(a, b)).toBe(true);
    expect(await sut.isBlocked(b, a)).toBe(false);
  });

  it('refuses a blocked member on the poster’s items as unavailable: hold, claim check, comment, queue, message, vote, not there, interest', async () => {
    const [poster, blocked, other] = [await world.member(), await world.member(), await world.member()];
    const item = await world.post(poster);
    const held = await world.post(poster);
    const mine = await world.post(poster);
    await world.get(ClaimsService).claim(held.id, other, null);
    await world.get(ClaimsService).claim(mine.id, blocked, null);
    await block(poster, blocked, true, 1);

    expect(await refusal(world.get(ClaimsService).claim(item.id, blocked, null))).toBe(ItemError.NOT_AVAILABLE);
    expect(await refusal(world.get(ClaimsService).assertPickupAdmissible(item.id, blocked))).toBe(ItemError.NOT_AVAILABLE);
    expect(await refusal(world.get(CommentsService).create(item.id, blocked, 'hello'))).toBe(ItemError.NOT_AVAILABLE);
    expect(await refusal(world.get(QueueService).join(held.id, blocked))).toBe(ItemError.NOT_AVAILABLE);
    expect(await refusal(world.get(MessagesService).send(mine.id, blocked, { text: 'hi' }))).toBe(MessageError.NOT_FOUND);
    expect(await refusal(world.get(MessagesService).thread(mine.id, poster, undefined))).toBe(MessageError.NOT_FOUND);
    // Nor can they vote it up, say it is gone to take it down, or mark interest in a sale.
    expect(await refusal(world.get(EngagementService).vote(item.id, blocked))).toBe(ItemError.NOT_AVAILABLE);
    expect(await refusal(world.get(EngagementService).stillThere(item.id, blocked, false))).toBe(ItemError.NOT_AVAILABLE);
    expect(await refusal(world.get(EngagementService).toggleInterest((await world.postGarageSale(poster)).id, blocked))).toBe(ItemError.NOT_AVAILABLE);
    // Others are not affected, and the blocked member may still act on anyone else's items.
    expect((await world.get(CommentsService).create(item.id, other, 'still there?')).content).toBe('still there?');
    const elsewhere = await world.post(other);
    expect((await world.get(CommentsService).create(elsewhere.id, blocked, 'nice')).content).toBe('nice');
  });

  it('refuses the hold in the claim’s own statement, so a block that lands after the early check still counts', async () => {
    const [poster, blocked] = [await world.member(), await world.member()];
    const item = await world.post(poster);
    await block(poster, blocked, true, 1);
    const claims = world.get(ClaimsRepository);
    expect(await world.db.transaction((manager) => claims.reserveIfClaimable(manager, item.id, blocked, 30))).toBeUndefined();
    expect(await world.db.transaction((manager) => claims.claimIfClaimable(manager, item.id, blocked))).toBeUndefined();
    await block(poster, blocked, false, 2);
    expect(await world.db.transaction((manager) => claims.reserveIfClaimable(manager, item.id, blocked, 30))).toMatchObject({ poster_id: poster });
  });

  it("leaves the blocked member's items and comments out of what the blocker sees, and only for them", async () => {
    const [blocker, blocked, other] = [await world.member(), await world.member(), await world.member()];
    const theirs = await world.post(blocked, { title: 'Blocked lamp' });
    const othersItem = await world.post(other, { title: 'Open lamp' });
    await world.get(CommentsService).create(othersItem.id, blocked, 'mine');
    await block(blocker, blocked, true, 1);

    const feed = async (caller: string) =>
      (
        JSON.parse((await world.get(ItemsService).feed({ lat: 47.6062, lng: -122.3321, radius: 5, limit: 50, kind: 'all' }, caller)).itemsJson) as {
          id: string;
        }[]
      ).map((i) => i.id);
    expect(await feed(blocker)).not.toContain(theirs.id);
    expect(await feed(blocker)).toContain(othersItem.id);
    expect(await feed(other)).toContain(theirs.id);
    const comments = async (caller: string | undefined) => (await world.get(CommentsService).list(othersItem.id, caller)).map((c) => c.user.id);
    expect(await comments(blocker)).toEqual([]);
    expect(await comments(other)).toEqual([blocked]);
    expect(await comments(undefined)).toEqual([blocked]);
  });
});
