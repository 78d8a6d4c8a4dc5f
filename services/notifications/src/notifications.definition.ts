import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';

@Module({})
export class NotificationsModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return { module: NotificationsModule, imports: [PlatformModule.forService(runtime)] };
  }
}

/** Notification store, fan-out from events, unread counts, live push (DESIGN §1). Its own schema, outbox and health today; its features arrive with their issues. */
export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  entities: [],
  migrations: [],
  module: (runtime) => NotificationsModule.register(runtime),
};
