import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { ItemEntity } from './items/item.entity';
import { ItemsController } from './items/items.controller';
import { ItemsRepository } from './items/items.repository';
import { ItemsService } from './items/items.service';
import { CreateItems1763800000300 } from './migrations/1763800000300-create-items';
import { PosterEntity } from './posters/poster.entity';
import { PostersService } from './posters/posters.service';
import { UpdatePosterWhenUserChangesHandler } from './reactions/update-poster-when-user-changes.handler';

@Module({})
export class ItemsModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: ItemsModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [ItemsController],
      providers: [ItemsService, ItemsRepository, PostersService, UpdatePosterWhenUserChangesHandler],
    };
  }
}

/** Items, garage sales, geo feed, search, claims, votes, comments, reports (DESIGN §1). */
export const itemsService: ServiceDefinition = {
  name: 'items',
  entities: [ItemEntity, PosterEntity],
  migrations: [CreateItems1763800000300],
  module: (runtime) => ItemsModule.register(runtime),
};
