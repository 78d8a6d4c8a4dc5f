import { PHOTO_LABELS_QUEUE, PhotoLabelsJob } from '@curbside/contracts';
import { waitFor } from '@curbside/testing';
import { ItemsWorld, startItemsWorld } from './items-world';

/** Item photos to the local model for moderation labels (docs/product-rules.md, Automated checks, Photos of items). */
describe('item photos labelled for moderation', () => {
  let world: ItemsWorld;
  const queued: PhotoLabelsJob[] = [];

  beforeAll(async () => {
    world = await startItemsWorld();
    // The photo-validation worker's place on the real in-process queue: what the items service asks it.
    await world.sut.infrastructure.jobs.process<PhotoLabelsJob, { labels: [] }>(PHOTO_LABELS_QUEUE, async (job) => {
      queued.push(job);
      return { labels: [] };
    });
  });
  afterAll(() => world.stop());

  it('queues a posted item’s photo once, after the post; an item without a photo queues nothing', async () => {
    const poster = await world.member();
    const withPhoto = await world.post(poster);
    const withoutPhoto = await world.post(poster, { imageUrl: undefined, title: 'Garden chairs' });
    const sale = await world.postGarageSale(poster);

    await waitFor(() => queued.length > 0, { what: 'a photo-labels job' });
    expect(queued).toEqual([{ itemId: withPhoto.id, photoKey: withPhoto.imageUrl?.slice('/api/media/'.length) }]);
    // Let the reactions to the other two posts run: still nothing for them.
    await waitFor(async () => (await world.db.query(`SELECT count(*)::int AS n FROM items.processed_events WHERE consumer LIKE '%photo-labels'`))[0].n === 3);
    expect(queued.map((job) => job.itemId)).not.toEqual(expect.arrayContaining([withoutPhoto.id, sale.id]));
    expect(queued).toHaveLength(1);
  });
});
