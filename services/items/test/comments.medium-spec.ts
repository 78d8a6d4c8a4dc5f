import { COMMENT_EDITS_PER_HOUR, COMMENTS_PER_HOUR, CommentError, DomainError, Events, FREE_COMMENTS_PER_MONTH, ItemError } from '@curbside/contracts';
import { ContentChecks } from '../src/moderation/checks/content-checks.service';
import { CommentsService } from '../src/comments/comments.service';
import { ItemsService } from '../src/items/items.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

/** Comments on the real PostgreSQL: the free monthly quota, authorship, and the item's count kept in step. */
describe(CommentsService.name, () => {
  let world: ItemsWorld;
  let sut: CommentsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(CommentsService);
  });
  afterAll(() => world?.stop());

  const commentCount = async (itemId: string) => (await world.get(ItemsService).get(itemId, undefined)).commentCount;

  it('posts a comment under its author, counts it on the item and tells the poster', async () => {
    const poster = await world.member();
    const anna = await world.member({ username: 'anna' });
    const item = await world.post(poster);

    const comment = await sut.create(item.id, anna, 'Is it still there?');

    expect(comment).toMatchObject({
      itemId: item.id,
      content: 'Is it still there?',
      isEdited: false,
      user: { id: anna, username: 'anna', subscriptionTier: 'free' },
    });
    expect(await sut.list(item.id)).toEqual([comment]);
    expect(await commentCount(item.id)).toBe(1);
    const posted = (await world.emitted(Events.commentPosted.subject)).filter((e) => e.commentId === comment.id);
    expect(posted).toEqual([{ commentId: comment.id, itemId: item.id, posterId: poster, authorId: anna, title: item.title }]);
  });

  it(`gives a free member ${FREE_COMMENTS_PER_MONTH} comments a calendar month, deleted ones included; premium members have no limit`, async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const free = await world.member();

    // Last month's comments do not count.
    await sut.create(item.id, free, 'old');
    await world.db.query(`UPDATE items.comments SET created_at = date_trunc('month', now()) - interval '1 day' WHERE user_id = $1`, [free]);
    const first = await sut.create(item.id, free, 'one');
    await sut.delete(item.id, first.id, free);
    for (let i = 2; i <= FREE_COMMENTS_PER_MONTH; i++) await sut.create(item.id, free, `comment ${i}`);
    expect(await sut.monthly(free)).toEqual({ used: FREE_COMMENTS_PER_MONTH, limit: FREE_COMMENTS_PER_MONTH });

    await expect(sut.create(item.id, free, 'one too many')).rejects.toMatchObject({
      code: CommentError.MONTHLY_LIMIT,
      message: `You've used your ${FREE_COMMENTS_PER_MONTH} free comments this month. Upgrade your plan for unlimited comments.`,
    });

    const premium = await world.member({ tier: 'premium' });
    for (let i = 0; i <= FREE_COMMENTS_PER_MONTH; i++) await sut.create(item.id, premium, `premium ${i}`);
    expect(await sut.monthly(premium)).toEqual({ used: FREE_COMMENTS_PER_MONTH + 1, limit: null });
  });

  it('lets only one of two comments sent at once take the last free one', async () => {
    const poster = await world.member();
    // On two items, so the item's row lock does not already keep them apart.
    const [item, other] = [await world.post(poster), await world.post(poster)];
    const free = await world.member();
    for (let i = 1; i < FREE_COMMENTS_PER_MONTH; i++) await sut.create(item.id, free, `comment ${i}`);

    const results = await Promise.allSettled([sut.create(item.id, free, 'a'), sut.create(other.id, free, 'b')]);

    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.code).toBe(CommentError.MONTHLY_LIMIT);
    expect(await sut.monthly(free)).toEqual({ used: FREE_COMMENTS_PER_MONTH, limit: FREE_COMMENTS_PER_MONTH });
  });

  it(`gives every plan at most ${COMMENTS_PER_HOUR} comments an hour, saying when the next is possible, and asks no check past a limit`, async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const pro = await world.member({ tier: 'pro' });
    // The hour's comments, written as if over the last 40 minutes (one row each, as create writes them).
    await world.db.query(
      `INSERT INTO items.comments (id, item_id, user_id, content, created_at)
       SELECT gen_random_uuid(), $1, $2, 'hello ' || n, now() - make_interval(mins => 40) + make_interval(secs => n)
       FROM generate_series(1, $3 - 1) n`,
      [item.id, pro, COMMENTS_PER_HOUR],
    );
    await sut.create(item.id, pro, 'the last of the hour');
    const checks = jest.spyOn(world.get(ContentChecks), 'check');
    try {
      const refused = await sut.create(item.id, pro, 'one too many').catch((e: unknown) => e);
      expect(refused).toMatchObject({
        code: CommentError.RATE_LIMITED,
        message: `You can post ${COMMENTS_PER_HOUR} comments an hour. Try again in a few minutes.`,
      });
      // The oldest of the hour (written 40 minutes less a second ago) leaves it in 20 minutes and a second.
      expect((refused as DomainError).retryAfterSeconds).toBeGreaterThan(19 * 60);
      expect((refused as DomainError).retryAfterSeconds).toBeLessThanOrEqual(20 * 60 + 1);

      const free = await world.member();
      for (let i = 0; i < FREE_COMMENTS_PER_MONTH; i++) await sut.create(item.id, free, `comment ${i}`);
      checks.mockClear();
      expect(await refusal(sut.create(item.id, free, 'over the month'))).toBe(CommentError.MONTHLY_LIMIT);
      expect(await refusal(sut.create(item.id, pro, 'over the hour'))).toBe(CommentError.RATE_LIMITED);
      expect(checks).not.toHaveBeenCalled();
    } finally {
      checks.mockRestore();
    }
    // An hour on, the member may comment again.
    await world.db.query(`UPDATE items.comments SET created_at = created_at - interval '1 hour' WHERE user_id = $1`, [pro]);
    expect((await sut.create(item.id, pro, 'later')).content).toBe('later');
  });

  it(`lets a member edit comments ${COMMENT_EDITS_PER_HOUR} times an hour, and asks no check past that`, async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const author = await world.member({ tier: 'pro' });
    const comment = await sut.create(item.id, author, 'Is it still there?');
    await world.db.query(`INSERT INTO items.comment_edits (user_id, edited_at) SELECT $1, now() - make_interval(mins => 30) FROM generate_series(1, $2 - 1)`, [
      author,
      COMMENT_EDITS_PER_HOUR,
    ]);
    expect((await sut.update(item.id, comment.id, author, 'Is it still there today?')).content).toBe('Is it still there today?');
    const checks = jest.spyOn(world.get(ContentChecks), 'check');
    try {
      const refused = await sut.update(item.id, comment.id, author, 'one edit too many').catch((e: unknown) => e);
      expect(refused).toMatchObject({
        code: CommentError.RATE_LIMITED,
        message: `You can edit comments ${COMMENT_EDITS_PER_HOUR} times an hour. Try again in a few minutes.`,
      });
      expect((refused as DomainError).retryAfterSeconds).toBeGreaterThan(29 * 60);
      expect(checks).not.toHaveBeenCalled();
    } finally {
      checks.mockRestore();
    }
    // Another member's edits are their own count; an hour on, the author may edit again.
    const other = await world.member();
    const theirs = await sut.create(item.id, other, 'Mine');
    expect((await sut.update(item.id, theirs.id, other, 'Mine, edited')).content).toBe('Mine, edited');
    await world.db.query(`UPDATE items.comment_edits SET edited_at = edited_at - interval '1 hour' WHERE user_id = $1`, [author]);
    expect((await sut.update(item.id, comment.id, author, 'Gone now?')).content).toBe('Gone now?');
    expect((await world.db.query(`SELECT count(*)::int AS n FROM items.comment_edits WHERE user_id = $1`, [author]))[0].n).toBe(1);
  });

  it('lets only the author edit or delete a comment, and uncounts a deleted one', async () => {
    const poster = await world.member();
    const [anna, ben] = [await world.member(), await world.member()];
    const item = await world.post(poster);
    const other = await world.post(poster);
    const comment = await sut.create(item.id, anna, 'Free to a good home?');

    await expect(sut.update(item.id, comment.id, ben, 'hijacked')).rejects.toMatchObject({
      code: CommentError.NOT_AUTHOR,
      message: 'You can only edit your own comments',
    });
    await expect(sut.delete(item.id, comment.id, poster)).rejects.toMatchObject({
      code: CommentError.NOT_AUTHOR,
      message: 'You can only delete your own comments',
    });
    expect(await refusal(sut.update(other.id, comment.id, anna, 'wrong item'))).toBe(CommentError.NOT_FOUND);

    expect(await sut.update(item.id, comment.id, anna, 'Still free?')).toMatchObject({ content: 'Still free?', isEdited: true });
    expect(await sut.delete(item.id, comment.id, anna)).toEqual({ success: true, message: 'Comment deleted' });
    expect(await sut.list(item.id)).toEqual([]);
    expect(await commentCount(item.id)).toBe(0);
    expect(await refusal(sut.delete(item.id, comment.id, anna))).toBe(CommentError.NOT_FOUND);
    expect(await refusal(sut.update(item.id, comment.id, anna, 'back'))).toBe(CommentError.NOT_FOUND);
  });

  it('takes no comment on a deleted item, and shows none of its comments', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    await sut.create(item.id, await world.member(), 'Still there?');
    await world.get(ItemsService).delete(item.id, poster);
    const stranger = await world.member();
    expect(await refusal(sut.create(item.id, stranger, 'hello?'))).toBe(ItemError.NOT_FOUND);
    expect(await refusal(sut.list(item.id, stranger))).toBe(ItemError.NOT_FOUND);
    expect(await refusal(sut.list(item.id, undefined))).toBe(ItemError.NOT_FOUND);
  });

  it('shows the comments of an item hidden for review to its poster only, as the item itself', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    const comment = await sut.create(item.id, await world.member(), 'Where exactly?');
    await world.db.query(`UPDATE items.items SET in_review = true WHERE id = $1`, [item.id]);
    expect(await refusal(sut.list(item.id, await world.member()))).toBe(ItemError.NOT_FOUND);
    expect(await refusal(sut.list(item.id, undefined))).toBe(ItemError.NOT_FOUND);
    expect((await sut.list(item.id, poster)).map((c) => c.id)).toEqual([comment.id]);
  });
});
