import { CommentError, Events, FREE_COMMENTS_PER_MONTH, ItemError } from '@curbside/contracts';
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

  it('takes no comment on a deleted item', async () => {
    const poster = await world.member();
    const item = await world.post(poster);
    await world.get(ItemsService).delete(item.id, poster);
    expect(await refusal(sut.create(item.id, await world.member(), 'hello?'))).toBe(ItemError.NOT_FOUND);
  });
});
