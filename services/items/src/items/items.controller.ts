import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { createItemCallSchema, feedCallSchema, Item, parseOrThrow, Rpc, RpcRequest } from '@curbside/contracts';
import { ItemsService } from './items.service';

@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @MessagePattern(Rpc.items.create)
  create(@Payload() request: RpcRequest): Promise<Item> {
    return this.items.post(parseOrThrow(createItemCallSchema, request.body), request.meta.callerId);
  }

  @MessagePattern(Rpc.items.feed)
  feed(@Payload() request: RpcRequest): Promise<Item[]> {
    return this.items.feed(parseOrThrow(feedCallSchema, request.body), request.meta.callerId);
  }
}
