import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { PHOTO_VALIDATION_QUEUE, PhotoValidationResult, photoValidationJobSchema, VALIDATION_SERVICE_ERROR } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, JOB_QUEUE, JobQueue, OBJECT_STORAGE, ObjectStorage } from '@curbside/platform';
import { PhotoValidationMetrics } from '../metrics/photo-validation.metrics';
import { PhotoValidationService } from '../validation/photo-validation.service';
import { readStoredPhoto } from '../validation/read-stored-photo';

/**
 * A job that can never succeed ends with an invalid answer instead of an error: retrying it would only burn
 * the caller's attempts and leave a dead letter for something that is not a fault of ours.
 */
const FINAL_ANSWERS = {
  malformed: { isValid: false, confidence: 1, reason: 'The photo check request was malformed, so the photo could not be checked.' },
  missing: { isValid: false, confidence: 1, reason: 'The photo could not be found: please upload it again.' },
  'too-large': { isValid: false, confidence: 1, reason: 'The photo is too large to check: please upload an image smaller than 5MB.' },
} as const satisfies Record<string, PhotoValidationResult>;

/**
 * The photo-validation worker: one handler on PHOTO_VALIDATION_QUEUE. It only reads the job and the photo;
 * the check is the service's. It throws only for what may pass (storage down, local model failing to load),
 * which the queue retries as many times as the caller asked.
 */
@Injectable()
export class ValidatePhotoJobHandler implements OnApplicationBootstrap {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly photos: PhotoValidationService,
    private readonly metrics: PhotoValidationMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.process<unknown, PhotoValidationResult>(PHOTO_VALIDATION_QUEUE, (data) => this.metrics.time(() => this.handle(data)), {
      concurrency: this.config.PHOTO_VALIDATION_CONCURRENCY,
    });
    this.metrics.markWorkerStarted();
  }

  async handle(data: unknown): Promise<PhotoValidationResult> {
    const job = photoValidationJobSchema.safeParse(data);
    if (!job.success) return FINAL_ANSWERS.malformed;
    // Picked up after its caller stopped waiting (a backlog): nobody reads the answer, so the slot goes to the next.
    if (job.data.deadline !== undefined && job.data.deadline <= Date.now()) return VALIDATION_SERVICE_ERROR;
    const photo = await readStoredPhoto(this.storage, job.data.photoKey);
    if (!photo.found) return FINAL_ANSWERS[photo.why];
    // A listing photo that is gone (the poster removed it) leaves nothing to compare with; the check goes on without.
    const listing = job.data.listingPhotoKey ? await readStoredPhoto(this.storage, job.data.listingPhotoKey) : undefined;
    return this.photos.validate({
      image: photo.bytes,
      itemTitle: job.data.itemTitle,
      itemCategory: job.data.itemCategory,
      listingImage: listing?.found ? listing.bytes : undefined,
      deadline: job.data.deadline,
    });
  }
}
