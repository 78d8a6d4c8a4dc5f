import { DynamicModule, Module } from '@nestjs/common';
import { PHOTO_VALIDATION_QUEUE } from '@curbside/contracts';
import { PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';

@Module({})
export class PhotoValidationModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return { module: PhotoValidationModule, imports: [PlatformModule.forService(runtime)] };
  }
}

/** Pickup-photo checks: the BullMQ worker (DESIGN §1). Its own schema, outbox and health today; its features arrive with their issues. */
export const photoValidationService: ServiceDefinition = {
  name: 'photo-validation',
  entities: [],
  migrations: [],
  module: (runtime) => PhotoValidationModule.register(runtime),
  extraHealthChecks: (infrastructure) => ({ jobQueue: () => infrastructure.jobs.stats(PHOTO_VALIDATION_QUEUE) }),
};
