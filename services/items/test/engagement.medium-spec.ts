import { ErrorCode, Events, ItemError } from '@curbside/contracts';
import { EngagementService, NOT_THERE_COUNTED_PER_DAY, NOT_THERE_TO_REMOVE } from '../src/engagement/engagement.service';
import { ItemsService } from '../src/items/items.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

/** Votes, still-there answers and garage-sale interest on the real PostgreSQL. */
describe(EngagementService.name, () => {
  let world: ItemsWorld;
  let sut: EngagementService;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(EngagementService);
  });
  afterAll(() => world?.stop());

  const tokyo = { lat: 35.6762, lng: 139.6503 };
  const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

  it("takes one vote per member per item per the item's local day, and counts the day's votes", async () => {
    const poster = await world.member();
    const [anna, ben] = [await world.member(), await world.member()];
    const item = await world.post(poster, { location: tokyo });

    expect(await sut.vote(item.id, anna)).toEqual({ success: true, votes: 1, message: 'Thanks for your vote!' });
    await expect(sut.vote(item.id, anna)).rejects.toMatchObject({ code: ItemError.ALREADY_VOTED, message: 'You already voted for this item today' });
    expect((await sut.vote(item.id, ben)).votes).toBe(2);
    expect(await refusal(sut.vote(item.id, poster))).toBe(ItemError.OWN_ITEM);

    const voted = (await world.emitted(Events.itemVoted.subject)).filter((e) => e.itemId === item.id);
    expect(voted).toEqual([
      expect.objectContaining({ voterId: anna, posterId: poster, votes: 1, localDate: todayIn('Asia/Tokyo') }),
      expect.objectContaining({ voterId: ben, votes: 2, localDate: todayIn('Asia/Tokyo') }),
    ]);

    // The next local day: the same member may vote again, and the day's count starts afresh.
    await world.db.query(`UPDATE items.votes SET local_date = local_date - 1 WHERE item_id = $1`, [item.id]);
    await world.db.query(`UPDATE items.items SET votes_date = votes_date - 1 WHERE id = $1`, [item.id]);
    expect((await sut.vote(item.id, anna)).votes).toBe(1);
  });

  it('takes no vote or answer on an item that is no longer listed', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    await world.db.query(`UPDATE items.items SET expires_at = now() - interval '1 minute' WHERE id = $1`, [item.id]);
    const anna = await world.member();
    await expect(sut.vote(item.id, anna)).rejects.toMatchObject({ code: ItemError.NOT_AVAILABLE, message: 'This item is no longer listed' });
    expect(await refusal(sut.stillThere(item.id, anna, false))).toBe(ItemError.NOT_AVAILABLE);
  });

  it(`takes an item down when ${NOT_THERE_TO_REMOVE} verified members say it is not there`, async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const verified = [await world.member({ verified: true }), await world.member({ verified: true }), await world.member({ verified: true })];

    expect(await sut.stillThere(item.id, verified[0], false)).toEqual({
      success: true,
      message: 'Thanks for letting us know.',
      stillThereCount: 0,
      removed: false,
    });
    await expect(sut.stillThere(item.id, verified[0], false)).rejects.toMatchObject({ code: ItemError.ALREADY_CONFIRMED });
    await sut.stillThere(item.id, verified[1], false);
    expect(await sut.stillThere(item.id, verified[2], false)).toMatchObject({
      removed: true,
      message: 'Thanks: neighbours agree it is gone, so it has been taken down.',
    });

    expect(await refusal(world.get(ItemsService).get(item.id, undefined))).toBe(ItemError.NOT_FOUND);
    const removed = (await world.emitted(Events.itemRemoved.subject)).filter((e) => e.itemId === item.id);
    expect(removed).toEqual([{ itemId: item.id, posterId: poster, title: item.title, reason: 'not_there' }]);
  });

  it('ranks Top Finds by the votes of established members only: accounts made a minute ago show on the card and rank nothing', async () => {
    const spot = { lat: 44.9778 + Math.random() / 100, lng: -93.265 };
    const poster = await world.member();
    const [fresh, boosted] = [await world.post(poster, { location: spot }), await world.post(poster, { location: spot })];
    for (let i = 0; i < 4; i++) await sut.vote(boosted.id, await world.member());
    await sut.vote(fresh.id, await world.member({ verified: true }));
    await sut.vote(fresh.id, await world.member({ accountAgeHours: 30 }));
    const top = await world.get(ItemsService).topFinds({ lat: spot.lat, lng: spot.lng, radius: 1 }, undefined);
    expect(top.items.map((i) => [i.id, i.voteCount])).toEqual([[fresh.id, 2]]);
    expect((await world.get(ItemsService).get(boosted.id, undefined)).voteCount).toBe(4);

    const votes = (await world.emitted<{ itemId: string; votes: number; countedVotes: number; counted: boolean }>(Events.itemVoted.subject)).filter((e) =>
      [fresh.id, boosted.id].includes(e.itemId),
    );
    // In the order of each item's count (two events can share a millisecond, which the outbox orders by id).
    const seen = votes.map((v) => [v.itemId === fresh.id ? 'fresh' : 'boosted', v.votes, v.countedVotes, v.counted] as const);
    expect([...seen].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1])).toEqual([
      ['boosted', 1, 0, false],
      ['boosted', 2, 0, false],
      ['boosted', 3, 0, false],
      ['boosted', 4, 0, false],
      ['fresh', 1, 1, true],
      ['fresh', 2, 2, true],
    ]);
  });

  it('keeps the item up when the "not there" answers come from unverified members, or came before a verified "still there"', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    for (let i = 0; i < NOT_THERE_TO_REMOVE + 1; i++) expect((await sut.stillThere(item.id, await world.member(), false)).removed).toBe(false);

    const other = await world.post(poster);
    await sut.stillThere(other.id, await world.member({ verified: true }), false);
    await sut.stillThere(other.id, await world.member({ verified: true }), false);
    expect(await sut.stillThere(other.id, await world.member({ verified: true }), true)).toMatchObject({
      stillThereCount: 1,
      removed: false,
      message: 'Thanks for confirming it is still there!',
    });
    expect((await sut.stillThere(other.id, await world.member({ verified: true }), false)).removed).toBe(false);

    expect(await refusal(sut.stillThere(item.id, poster, false))).toBe(ItemError.OWN_ITEM);
    expect((await world.get(ItemsService).get(item.id, undefined)).status).toBe('available');
    expect((await world.get(ItemsService).get(other.id, undefined)).stillThereCount).toBe(1);
  });

  it('lets no unverified account start the count of "not there" afresh: a throwaway answering "still there" every day keeps nothing up', async () => {
    const poster = await world.member();
    const gone = await world.post(poster);
    await sut.stillThere(gone.id, await world.member({ verified: true }), false);
    await sut.stillThere(gone.id, await world.member({ verified: true }), false);
    const before = await world.get(ItemsService).get(gone.id, undefined);
    const throwaway = await world.member();
    expect(await sut.stillThere(gone.id, throwaway, true)).toMatchObject({ stillThereCount: 1, removed: false });
    // Another member's answer still confirms it, as any "still there" does; it only does not reset the count.
    const confirmed = await world.get(ItemsService).get(gone.id, undefined);
    expect(Date.parse(confirmed.lastConfirmedAt)).toBeGreaterThan(Date.parse(before.lastConfirmedAt));
    expect(confirmed.lastStillThereCheck).toBeNull();
    expect((await sut.stillThere(gone.id, await world.member({ verified: true }), false)).removed).toBe(true);
  });

  it(`counts a member's "not there" toward a removal for at most ${NOT_THERE_COUNTED_PER_DAY} items in 24 hours, even when sent at once`, async () => {
    const poster = await world.member();
    const posts = await Promise.all(Array.from({ length: NOT_THERE_COUNTED_PER_DAY + 2 }, () => world.post(poster)));
    const twoMore = async (itemId: string) => {
      for (let i = 0; i < NOT_THERE_TO_REMOVE - 1; i++) await sut.stillThere(itemId, await world.member({ verified: true }), false);
    };
    for (const post of posts) await twoMore(post.id);
    const busy = await world.member({ verified: true });

    // One member answers "not there" on every post at once: only their first five count, so five posts go.
    const answers = await Promise.all(posts.map((post) => sut.stillThere(post.id, busy, false)));

    expect(answers.filter((a) => a.removed)).toHaveLength(NOT_THERE_COUNTED_PER_DAY);
    expect(answers.every((a) => a.success && a.message.startsWith('Thanks'))).toBe(true);
    // A day later their answers count again.
    await world.db.query(`UPDATE items.still_there_checks SET created_at = created_at - interval '25 hours' WHERE user_id = $1`, [busy]);
    const later = await world.post(poster);
    await twoMore(later.id);
    expect((await sut.stillThere(later.id, busy, false)).removed).toBe(true);
  });

  it('says on every row of the feed what its reader did to the item, and nothing of it to anyone else', async () => {
    const poster = await world.member();
    const [anna, ben] = [await world.member(), await world.member()];
    const [voted, other] = [await world.post(poster), await world.post(poster)];
    const sale = await world.postGarageSale(poster);
    await sut.vote(voted.id, anna);
    await sut.toggleInterest(sale.id, anna);
    const ours = [voted.id, other.id, sale.id];
    const feedOf = async (caller: string | undefined) => {
      const { itemsJson } = await world.get(ItemsService).feed({ lat: 47.6062, lng: -122.3321, radius: 5, limit: 50, kind: 'all' }, caller);
      const items = (JSON.parse(itemsJson) as { id: string; hasVotedToday: boolean; isInterested: boolean; interestedUserIds: string[] }[]).filter((i) =>
        ours.includes(i.id),
      );
      return Object.fromEntries(items.map((i) => [i.id, { voted: i.hasVotedToday, interested: i.isInterested, interestedUserIds: i.interestedUserIds }]));
    };
    const none = { voted: false, interested: false, interestedUserIds: [] };

    expect(await feedOf(anna)).toEqual({
      [voted.id]: { ...none, voted: true },
      [other.id]: none,
      [sale.id]: { voted: false, interested: true, interestedUserIds: [anna] },
    });
    for (const reader of [ben, poster, undefined]) expect(await feedOf(reader)).toEqual({ [voted.id]: none, [other.id]: none, [sale.id]: none });
  });

  it('toggles interest in a garage sale, and only in a garage sale', async () => {
    const poster = await world.member();
    const anna = await world.member();
    const sale = await world.postGarageSale(poster);

    expect(await sut.toggleInterest(sale.id, anna)).toMatchObject({ isInterested: true, interestCount: 1 });
    expect(await sut.toggleInterest(sale.id, await world.member())).toMatchObject({ isInterested: true, interestCount: 2 });
    expect(await sut.toggleInterest(sale.id, anna)).toEqual({ isInterested: false, interestCount: 1, message: 'Interest removed' });
    const interest = (await world.emitted(Events.garageSaleInterest.subject)).filter((e) => e.userId === anna);
    expect(interest.map((e) => e.isInterested)).toEqual([true, false]);

    const item = await world.post(poster);
    await expect(sut.toggleInterest(item.id, anna)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'Only garage sales take interest' });
  });
});
