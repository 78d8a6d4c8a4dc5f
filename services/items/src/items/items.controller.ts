import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { createItemCallSchema, feedCallSchema, Item, itemsByUserCallSchema, parseOrThrow, Rpc, RpcRequest } from '@curbside/contracts';
import { ItemsService } from './items.service';

@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @MessagePattern(Rpc.items.create)
  create(@Payload() request: RpcRequest): Promise<Item> {
    return this.items.post(parseOrThrow(createItemCallSchema, request.body), request.meta.callerId);
  }

  @MessagePattern(Rpc.items.byUser)
  byUser(@Payload() request: RpcRequest): Promise<Item[]> {
    return this.items.byUser(parseOrThrow(itemsByUserCallSchema, request.body).userId, request.meta.callerId);
  }

  @MessagePattern(Rpc.items.feed)
  feed(@Payload() request: RpcRequest): Promise<Item[]> {
    return this.items.feed(parseOrThrow(feedCallSchema, request.body), request.meta.callerId);
  }
}
