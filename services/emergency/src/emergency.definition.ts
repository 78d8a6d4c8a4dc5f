import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';

@Module({})
export class EmergencyModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return { module: EmergencyModule, imports: [PlatformModule.forService(runtime)] };
  }
}

/** Admin emergency lookup and its append-only, tamper-evident audit log (DESIGN §1). Its own schema, outbox and health today; its features arrive with their issues. */
export const emergencyService: ServiceDefinition = {
  name: 'emergency',
  entities: [],
  migrations: [],
  module: (runtime) => EmergencyModule.register(runtime),
};
