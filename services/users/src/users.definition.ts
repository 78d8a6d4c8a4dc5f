import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { CreateUsers1763800000100 } from './migrations/1763800000100-create-users';
import { UpdatePointsWhenPointsAreAwardedHandler } from './reactions/update-points-when-points-are-awarded.handler';
import { SessionEntity } from './sessions/session.entity';
import { SessionsService } from './sessions/sessions.service';
import { UserEntity } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

@Module({})
export class UsersModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: UsersModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [UsersController],
      providers: [UsersService, SessionsService, UpdatePointsWhenPointsAreAwardedHandler],
    };
  }
}

/** Users, sessions, phone codes, verification, preferences, admin status (DESIGN §1). */
export const usersService: ServiceDefinition = {
  name: 'users',
  entities: [UserEntity, SessionEntity],
  migrations: [CreateUsers1763800000100],
  module: (runtime) => UsersModule.register(runtime),
};
