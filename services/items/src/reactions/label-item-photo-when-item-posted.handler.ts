import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events, PHOTO_LABELS_QUEUE, PhotoLabelsJob, storedImageKeys } from '@curbside/contracts';
import { EventConsumers, JOB_QUEUE, JobQueue } from '@curbside/platform';
import { ItemsRepository } from '../items/items.repository';

/** The durable consumer's name: renaming it would label every posted item's photo again. */
const REACTION = 'photo-labels';

/**
 * item.posted → the item's photo goes to the local model for labels (PHOTO_LABELS_QUEUE; docs/product-rules.md,
 * Automated checks). After the post is stored and answered, so a post never waits for the model; the labels come
 * back as item-photo.labelled.v1. One job per item (its id is the job's), however often the event is delivered.
 */
@Injectable()
export class LabelItemPhotoWhenItemPostedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly items: ItemsRepository,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemPosted, REACTION, async (posted, tx) => {
      const item = await this.items.find(posted.itemId, tx.manager);
      const [photoKey] = storedImageKeys(item?.imageUrl ?? null, 'photos');
      if (!photoKey) return;
      await this.jobs.add<PhotoLabelsJob>(
        PHOTO_LABELS_QUEUE,
        { itemId: posted.itemId, photoKey },
        { jobId: `photo-labels-${posted.itemId}`, attempts: 3, backoffMs: 2_000 },
      );
    });
  }
}
