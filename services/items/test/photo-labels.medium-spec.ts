import { randomUUID } from 'node:crypto';
import { EventPayload, Events, PHOTO_LABELS_QUEUE, PhotoLabelsJob } from '@curbside/contracts';
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

  /** What the photo-validation worker emits, delivered the way the bus delivers it. */
  async function labelled(payload: EventPayload<typeof Events.itemPhotoLabelled>, id = randomUUID()): Promise<void> {
    await world.sut.infrastructure.bus.publish({ id, subject: Events.itemPhotoLabelled.subject, occurredAt: new Date().toISOString(), payload });
  }
  const caseOf = async (itemId: string) =>
    (await world.db.query(`SELECT hidden, opened_by, flags FROM items.moderation_cases WHERE target_type = 'item' AND target_id = $1`, [itemId])) as {
      hidden: boolean;
      opened_by: string;
      flags: { ruleId: string; confidence: string; source: string; words: string[] }[];
    }[];
  const inReview = async (itemId: string) => (await world.db.query(`SELECT in_review FROM items.items WHERE id = $1`, [itemId]))[0].in_review as boolean;

  it('a person in the photo flags the item for review and leaves it published; delivered twice, it is recorded once', async () => {
    const item = await world.post(await world.member());
    const photoKey = item.imageUrl!.slice('/api/media/'.length);
    const eventId = randomUUID();

    await labelled({ itemId: item.id, photoKey, labels: [{ label: 'people', score: 0.87 }] }, eventId);
    await labelled({ itemId: item.id, photoKey, labels: [{ label: 'people', score: 0.87 }] }, eventId);

    const cases = await waitFor(async () => {
      const rows = await caseOf(item.id);
      return rows.length > 0 && rows;
    });
    expect(cases).toEqual([
      {
        hidden: false,
        opened_by: 'checks',
        flags: [{ ruleId: 'photo.people', label: 'a person in the item photo', words: ['people 0.87'], confidence: 'low', source: 'photo' }],
      },
    ]);
    expect(await inReview(item.id)).toBe(false);
  });

  it('adult content holds the item for review (hidden from others, the poster told)', async () => {
    const poster = await world.member();
    const item = await world.post(poster);

    await labelled({ itemId: item.id, photoKey: item.imageUrl!.slice('/api/media/'.length), labels: [{ label: 'adult', score: 0.91 }] });

    await waitFor(() => inReview(item.id));
    const notices = await world.emitted<EventPayload<typeof Events.moderationNotice>>(Events.moderationNotice.subject);
    expect(notices.filter((notice) => notice.itemId === item.id)).toEqual([
      expect.objectContaining({ userId: poster, kind: 'held', targetType: 'item', reason: expect.stringContaining('adult content in the item photo') }),
    ]);
    expect(await caseOf(item.id)).toEqual([
      {
        hidden: true,
        opened_by: 'checks',
        flags: [expect.objectContaining({ ruleId: 'photo.adult', words: ['adult 0.91'], confidence: 'high', source: 'photo' })],
      },
    ]);
  });
});
