import { DynamicModule, Module } from '@nestjs/common';
import { PHOTO_VALIDATION_QUEUE } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, Infrastructure, PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { PhotoValidationMetricsController } from './metrics/photo-validation-metrics.controller';
import { PhotoValidationMetrics } from './metrics/photo-validation.metrics';
import { PhotoValidationService } from './validation/photo-validation.service';
import { createPhotoValidator } from './validation/create-photo-validator';
import { PHOTO_VALIDATOR } from './validation/photo-validator.port';
import { LabelItemPhotoJobHandler } from './worker/label-item-photo.job-handler';
import { ValidatePhotoJobHandler } from './worker/validate-photo.job-handler';

/**
 * The health checks are built from the infrastructure before the module exists (ServiceDefinition), and must
 * read the metrics the module's worker records: one metrics object per infrastructure joins the two.
 */
const metricsByInfrastructure = new WeakMap<Infrastructure, PhotoValidationMetrics>();

function metricsFor(infrastructure: Infrastructure): PhotoValidationMetrics {
  let metrics = metricsByInfrastructure.get(infrastructure);
  if (!metrics) {
    metrics = new PhotoValidationMetrics();
    metricsByInfrastructure.set(infrastructure, metrics);
  }
  return metrics;
}

@Module({})
export class PhotoValidationModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: PhotoValidationModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [PhotoValidationMetricsController],
      providers: [
        { provide: PHOTO_VALIDATOR, useFactory: (config: AppConfig) => createPhotoValidator(config), inject: [APP_CONFIG] },
        { provide: PhotoValidationMetrics, useValue: metricsFor(runtime.infrastructure) },
        PhotoValidationService,
        ValidatePhotoJobHandler,
        LabelItemPhotoJobHandler,
      ],
    };
  }
}

/**
 * Pickup-photo checks, the worker of PHOTO_VALIDATION_QUEUE, and item-photo labels for moderation, the worker of
 * PHOTO_LABELS_QUEUE (docs/architecture.md); no tables of its own beyond the outbox.
 */
export const photoValidationService: ServiceDefinition = {
  name: 'photo-validation',
  entities: [],
  migrations: [],
  module: (runtime) => PhotoValidationModule.register(runtime),
  extraHealthChecks: (infrastructure) => ({
    jobQueue: () => infrastructure.jobs.stats(PHOTO_VALIDATION_QUEUE),
    worker: async () => metricsFor(infrastructure).assertWorking(await infrastructure.jobs.stats(PHOTO_VALIDATION_QUEUE)),
  }),
};
