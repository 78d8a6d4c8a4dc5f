import { Controller, Inject } from '@nestjs/common';
import { Calls, PHOTO_VALIDATION_QUEUE, PhotoValidationMetricsReport } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, Handles, JOB_QUEUE, JobQueue } from '@curbside/platform';
import { PhotoValidationService } from '../validation/photo-validation.service';
import { PhotoValidationMetrics } from './photo-validation.metrics';

/** `photo-validation.metrics`: queue depth, outcomes and recent latencies, for operators and the bench. */
@Controller()
export class PhotoValidationMetricsController {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly photos: PhotoValidationService,
    private readonly metrics: PhotoValidationMetrics,
  ) {}

  @Handles(Calls.photoValidation.metrics)
  async report(): Promise<PhotoValidationMetricsReport> {
    return {
      queue: await this.jobs.stats(PHOTO_VALIDATION_QUEUE),
      worker: { validator: this.photos.validatorName, concurrency: this.config.PHOTO_VALIDATION_CONCURRENCY, coldStartMs: this.photos.coldStartMs },
      ...this.metrics.snapshot(),
    };
  }
}
