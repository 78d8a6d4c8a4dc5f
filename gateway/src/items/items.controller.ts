import { Body, Controller, Param, Query } from '@nestjs/common';
import { CreateItemRequest, FeedQuery, Item, Routes, Rpc } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';

@Controller()
export class ItemsController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.createItem)
  create(@Body(new ZodPipe(Routes.createItem.body)) body: CreateItemRequest, @Caller() callerId: string): Promise<Item> {
    assertIsCaller(body.posterId, callerId);
    return this.services.call(Rpc.items.create, body, callerId);
  }

  @ApiRoute(Routes.userItems)
  userItems(@Param(new ZodPipe(Routes.userItems.params)) params: { id: string }, @Caller() callerId?: string): Promise<Item[]> {
    return this.services.call(Rpc.items.byUser, { userId: params.id }, callerId);
  }

  @ApiRoute(Routes.feed)
  feed(@Query(new ZodPipe(Routes.feed.query)) query: FeedQuery, @Caller() callerId?: string): Promise<Item[]> {
    return this.services.call(Rpc.items.feed, query, callerId);
  }
}
