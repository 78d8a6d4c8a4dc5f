import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Events, PHOTO_LABELS_QUEUE, PhotoLabel, photoLabelsJobSchema } from '@curbside/contracts';
import { createLogger, EventOutbox, JOB_QUEUE, JobQueue, OBJECT_STORAGE, ObjectStorage } from '@curbside/platform';
import { LocalModelPhotoValidator } from '../local-model/local-model.photo-validator';
import { photoLabels } from '../local-model/local-model.rules';
import { inspectPhoto } from '../validation/photo-inspection';
import { readStoredPhoto } from '../validation/read-stored-photo';

export type PhotoLabelsOutcome = { labels: PhotoLabel[] } | { skipped: 'malformed' | 'missing' | 'too-large' | 'not-checkable' };

/**
 * Labels item photos for moderation (docs/product-rules.md, Automated checks): one handler on PHOTO_LABELS_QUEUE,
 * one photo at a time. The local model always does it, whichever validator checks pickup photos: it is what
 * sees people and explicit content offline. Labels leave as `item-photo.labelled.v1` through the outbox (none
 * when the photo has no label). A job that cannot succeed (malformed, photo gone with its item, not a readable
 * photo) completes without labels; a model that fails to load throws, and the queue retries.
 */
@Injectable()
export class LabelItemPhotoJobHandler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('photo-labels');
  private readonly model = new LocalModelPhotoValidator();

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly outbox: EventOutbox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.process<unknown, PhotoLabelsOutcome>(PHOTO_LABELS_QUEUE, (data) => this.handle(data), { concurrency: 1 });
  }

  async handle(data: unknown): Promise<PhotoLabelsOutcome> {
    const job = photoLabelsJobSchema.safeParse(data);
    if (!job.success) return { skipped: 'malformed' };
    const photo = await readStoredPhoto(this.storage, job.data.photoKey);
    if (!photo.found) return { skipped: photo.why };
    const inspection = await inspectPhoto(photo.bytes);
    if (!inspection.checkable) return { skipped: 'not-checkable' };
    const labels = photoLabels(await this.model.findings(inspection.pixels));
    if (labels.length > 0) {
      await this.outbox.transaction(async (tx) => tx.emit(Events.itemPhotoLabelled, { itemId: job.data.itemId, photoKey: job.data.photoKey, labels }));
      this.log.info({ itemId: job.data.itemId, labels }, 'item photo labelled for moderation');
    }
    return { labels };
  }

  onModuleDestroy(): Promise<void> {
    return this.model.close();
  }
}
