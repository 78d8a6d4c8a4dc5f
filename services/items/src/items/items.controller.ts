import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  createItemCallSchema,
  feedCallSchema,
  FeedReply,
  Item,
  itemIdCallSchema,
  itemsByUserCallSchema,
  parseOrThrow,
  Rpc,
  RpcRequest,
  similarItemsQuerySchema,
  topFindsQuerySchema,
  TopFindsReply,
  updateItemCallSchema,
} from '@curbside/contracts';
import { callerOf, Idempotent } from '@curbside/platform';
import { ItemsService } from './items.service';

@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @MessagePattern(Rpc.items.create)
  @Idempotent()
  create(@Payload() request: RpcRequest): Promise<Item> {
    return this.items.post(parseOrThrow(createItemCallSchema, request.body), callerOf(request));
  }

  @MessagePattern(Rpc.items.feed)
  feed(@Payload() request: RpcRequest): Promise<FeedReply> {
    return this.items.feed(parseOrThrow(feedCallSchema, request.body), request.meta.callerId);
  }

  @MessagePattern(Rpc.items.topFinds)
  topFinds(@Payload() request: RpcRequest): Promise<TopFindsReply> {
    return this.items.topFinds(parseOrThrow(topFindsQuerySchema, request.body), request.meta.callerId);
  }

  @MessagePattern(Rpc.items.similar)
  similar(@Payload() request: RpcRequest): Promise<Item[]> {
    return this.items.similar(parseOrThrow(similarItemsQuerySchema, request.body), request.meta.callerId);
  }

  @MessagePattern(Rpc.items.byUser)
  byUser(@Payload() request: RpcRequest): Promise<Item[]> {
    return this.items.byUser(parseOrThrow(itemsByUserCallSchema, request.body).userId, request.meta.callerId);
  }

  @MessagePattern(Rpc.items.get)
  get(@Payload() request: RpcRequest): Promise<Item> {
    return this.items.get(parseOrThrow(itemIdCallSchema, request.body).itemId, request.meta.callerId);
  }

  @MessagePattern(Rpc.items.update)
  update(@Payload() request: RpcRequest): Promise<Item> {
    const { itemId, ...changes } = parseOrThrow(updateItemCallSchema, request.body);
    return this.items.update(itemId, changes, callerOf(request));
  }

  @MessagePattern(Rpc.items.delete)
  delete(@Payload() request: RpcRequest) {
    return this.items.delete(parseOrThrow(itemIdCallSchema, request.body).itemId, callerOf(request));
  }
}
